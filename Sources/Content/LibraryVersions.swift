import CSVG
import CText

/// The run-time versions of the system libraries that shape content's pixels, for the renderer fingerprint
/// (`RendererFingerprint` in Scene): FreeType rasterizes glyphs, HarfBuzz places them, FriBidi orders them,
/// fontconfig chooses the faces, librsvg and cairo draw the symbols.
public enum TextLibraries {
    public struct Versions: Sendable, Equatable {
        public var freetype, harfbuzz, fribidi, fontconfig: String
    }

    public static let versions: Versions = {
        var ft = [CChar](repeating: 0, count: 64), hb = ft, fb = ft, fc = ft
        ft.withUnsafeMutableBufferPointer { a in
            hb.withUnsafeMutableBufferPointer { b in
                fb.withUnsafeMutableBufferPointer { c in
                    fc.withUnsafeMutableBufferPointer { d in
                        ctext_library_versions(a.baseAddress, b.baseAddress, c.baseAddress, d.baseAddress, 64)
                    }
                }
            }
        }
        let s = [ft, hb, fb, fc].map { b in String(decoding: b.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        return Versions(freetype: s[0], harfbuzz: s[1], fribidi: s[2], fontconfig: s[3])
    }()
}

extension SVGDocument {
    static let libraryVersions: (librsvg: String, cairo: String) = {
        var a = [CChar](repeating: 0, count: 64), b = [CChar](repeating: 0, count: 64)
        a.withUnsafeMutableBufferPointer { x in
            b.withUnsafeMutableBufferPointer { y in csvg_library_versions(x.baseAddress, y.baseAddress, 64) }
        }
        func string(_ c: [CChar]) -> String { String(decoding: c.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        return (string(a), string(b))
    }()

    /// librsvg's version at run time, e.g. "2.54.7".
    public static var librsvgVersion: String { libraryVersions.librsvg }
    /// cairo's version at run time, e.g. "1.16.0".
    public static var cairoVersion: String { libraryVersions.cairo }
}
