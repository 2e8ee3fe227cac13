@_exported import Geometry

/// A size of content at zoom 1, in logical px.
public typealias ContentSize = Size
/// A point of content at zoom 1, or a displacement, in logical px.
public typealias ContentPoint = Point
/// A rectangle of content at zoom 1, in logical px.
public typealias ContentRect = Rect
