@_exported import Geometry

/// A rectangle in the window, in logical px, as a screen reader is told where things are.
public typealias AccessibleRect = Rect
