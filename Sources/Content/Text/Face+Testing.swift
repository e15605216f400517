// Test hooks of a face's glyph images (internal, reached through `@testable import Content`).
extension Face {
    /// Bytes of glyph images kept now (tests check the budget).
    var cachedGlyphBytes: Int { images.access { $0.bytes } }
}
