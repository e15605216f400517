import Foundation
import Testing
import Raster
@testable import SceneFormat
@testable import Compose
@testable import Output

/// `"canvas": {"device": ...}`: the device table against the cited catalog's figures (a copy of
/// flutter_device_preview's `device_specs/`, Tests/SceneFormatTests/Fixtures/device-specs.json), and its decoding.
@Suite struct DeviceScreenTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/device-specs.json")

    struct Cited: Decodable {
        struct HomeIndicator: Decodable { var width: Float, height: Float, bottomInset: Float }
        var width: Float, height: Float, scale: Float
        var safeArea: [Float]
        var homeIndicator: HomeIndicator
        var screenPath: String
    }

    static func cited() throws -> [String: Cited] {
        struct File: Decodable { var devices: [String: Cited] }
        return try JSONDecoder().decode(File.self, from: Data(contentsOf: fixture)).devices
    }

    /// The numbers of an SVG path, in order.
    static func numbers(_ path: String) -> [Float] {
        path.split(whereSeparator: { !"0123456789.-".contains($0) }).compactMap { Float($0) }
    }

    @Test func everyDeviceMatchesTheCitedCatalog() throws {
        let cited = try Self.cited()
        #expect(Set(cited.keys) == Set(DeviceScreen.all.map(\.id)))
        for d in DeviceScreen.all {
            let c = try #require(cited[d.id])
            #expect(d.width == c.width && d.height == c.height && d.scale == c.scale, "\(d.id)")
            #expect([d.safeArea.top, d.safeArea.left, d.safeArea.bottom, d.safeArea.right] == c.safeArea, "\(d.id)")
            #expect(d.homeIndicator.width == c.homeIndicator.width && d.homeIndicator.height == c.homeIndicator.height
                    && d.homeIndicator.bottomGap == c.homeIndicator.bottomInset, "\(d.id)")
            // Whole pixels: the canvas's pixel size is exactly the device's.
            for side in [d.width, d.height] {
                let px = Double(side) * Double(d.scale)
                #expect(abs(px - px.rounded()) < 0.02, "\(d.id): \(px) px")
            }
            let n = Self.numbers(c.screenPath)
            switch d.cutout {
            case .island(let r):
                // "M x1,y1 H x0 A r,r 0 0 0 x0,y2 ...": a capsule from x0 - r to x1 + r, y1 to y2.
                let (x1, y1, x0, radius, y2) = (n[0], n[1], n[2], n[3], n[9])
                #expect(r == Rect(x: x0 - radius, y: y1, width: x1 - x0 + 2 * radius, height: y2 - y1), "\(d.id): \(r) vs \(n)")
            case .notch(let r, let radius):
                // "M 47,0 H 107 a 8,8 0 0 1 8,8 V 12 a 20,20 0 0 0 20,20 H 255 a 20,20 0 0 0 20,-20": the body from
                // 107 + 8 to 255 + 20, down to 12 + 20.
                let left = n[2] + n[3], bottom = n[10] + n[17], right = n[18] + n[24]
                #expect(r == Rect(x: left, y: 0, width: right - left, height: bottom) && radius == n[11], "\(d.id): \(r) vs \(n)")
            case .hole(let center, let radius):
                // "M cx,top A r,r 0 1 0 cx,bottom ...": a circle.
                #expect(center.x == n[0] && radius == n[2] && abs(center.y - (n[1] + n[8]) / 2) < 0.001, "\(d.id): \(n)")
            case nil:
                #expect(c.screenPath.isEmpty, "\(d.id)")
            }
        }
    }

    /// A comparison's pixel resolutions of the two Pros (docs/scene-format.md#devices).
    @Test func pixelSizes() throws {
        for (id, w, h) in [("iphone-17-pro", 1206, 2622), ("iphone-17-pro-max", 1320, 2868), ("pixel-10", 1080, 2424)] {
            let doc = try SceneDecoder().decode(text: #"{"canvas": {"device": "\#(id)"}}"#)
            #expect(doc.canvas.pixelWidth == w && doc.canvas.pixelHeight == h, "\(id)")
            #expect(doc.canvas.device?.id == id)
        }
    }

    func error(_ text: String) -> SceneError? {
        do { _ = try SceneDecoder().decode(text: text); return nil } catch { return error }
    }

    @Test func decoding() throws {
        let doc = try SceneDecoder().decode(text: #"{"canvas": {"device": "ipad-mini", "scale": 1}}"#)
        #expect(doc.canvas.width == 744 && doc.canvas.height == 1133 && doc.canvas.scale == 1)
        #expect(!doc.canvas.guides)
        var reviewing = SceneDecoder()
        reviewing.safeAreaGuides = true
        #expect(try reviewing.decode(text: #"{"canvas": {"device": "iphone-air", "safeArea": true}}"#).canvas.guides)
        #expect(try !reviewing.decode(text: #"{"canvas": {"device": "iphone-air"}}"#).canvas.guides)
        let unknown = error(#"{"canvas": {"device": "iphone-17pro"}}"#)
        #expect(unknown?.path == "canvas.device" && unknown?.suggestion == "iphone-17-pro", "\(String(describing: unknown))")
        let sized = error(#"{"canvas": {"device": "iphone-17", "width": 390}}"#)
        #expect(sized?.path == "canvas.width" && sized?.message.contains("gives the canvas its size") == true)
        let guides = error(#"{"canvas": {"width": 390, "safeArea": true}}"#)
        #expect(guides?.path == "canvas.safeArea", "\(String(describing: guides))")
        let typo = error(#"{"canvas": {"devise": "iphone-17"}}"#)
        #expect(typo?.suggestion == "device", "\(String(describing: typo))")
    }
}
