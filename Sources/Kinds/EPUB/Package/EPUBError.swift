import ArchiveKit

/// Why a book, or one file inside it, could not be read: a book is a zip, and its errors are
/// the archive's (`ArchiveError`), the book's own (`protectedByDRM`, a package document that
/// is not one) among them.
public typealias EPUBError = ArchiveError
