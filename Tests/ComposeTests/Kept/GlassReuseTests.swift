import Foundation
import Testing
import Raster
@testable import SceneFormat
@testable import Compose
@testable import Output

/// Panels kept between frames (GlassReuse): every frame a compositor that keeps panels draws has the bits of the
/// same frame drawn by one that keeps none, over scenes where dots move under panels (taps, a drag), panels
/// move over and under each other, tiers differ (frosted with the glow halo, web, Android) and frames are
/// skipped; panels are in fact kept where nothing changed; and the PNG bands the encoders' history vouches for
/// through the kept panels' tokens hold the same pixels in both frames.
@Suite struct GlassReuseTests {
    /// A frosted panel sliding over a static frosted card and a tinted one while a tap ripples under them (the
    /// moving panel's old and new regions change what the card under it shows), and one off the canvas (its
    /// region is empty: FuzzScene found the crash of keeping it).
    static let moving = #"""
    {
      "canvas": {"width": 200, "height": 300, "scale": 1},
      "platform": "ios18", "duration": 1, "fps": 30, "seed": 3,
      "plane": {"ambient": {"enabled": false}},
      "events": [{"type": "tap", "at": [100, 250], "t": 0.3}],
      "glass": [
        {"id": "card", "frame": [20, 40, 160, 80], "radius": 16, "material": "thin"},
        {"id": "slider", "radius": 12,
         "keyframes": [{"t": 0, "frame": [10, 100, 80, 60]}, {"t": 0.5, "frame": [100, 30, 80, 60]},
                       {"t": 0.6, "frame": [100, 30, 80, 60]}, {"t": 1, "frame": [10, 180, 80, 60]}]},
        {"id": "tinted", "frame": [30, 200, 140, 70], "radius": 20, "tint": "systemPink", "tintOpacity": 0.3},
        {"id": "off", "frame": [300, 20, 40, 40], "radius": 8}
      ]
    }
    """#

    /// One still panel and a tap whose ripple reaches it late: the frames where the ripple comes within the
    /// blur's (web) or the halo's (frosted) reach of the panel, but not yet under it, must draw it again.
    static func farTap(platform: String, tapY: Int) -> String {
        """
        {"canvas": {"width": 200, "height": 400, "scale": 1}, "platform": "\(platform)", "duration": 1.5, "fps": 30,
         "seed": 5, "plane": {"ambient": {"enabled": false}},
         "events": [{"type": "tap", "at": [100, \(tapY)], "t": 0.1}],
         "glass": [{"id": "bar", "frame": [20, 20, 160, 50], "radius": 12}]}
        """
    }

    /// Web panels (each reads only its own box) where a tap under the first redraws it, but not the second
    /// drawn over its corner: the second shows the first at its rounded corners, so it must be drawn again too.
    static let overlappingWeb = #"""
    {"canvas": {"width": 200, "height": 260, "scale": 1}, "platform": "web", "duration": 1, "fps": 30, "seed": 9,
     "plane": {"ambient": {"enabled": false}},
     "events": [{"type": "tap", "at": [50, 60], "t": 0.2}],
     "glass": [{"id": "sheet", "frame": [10, 10, 180, 200], "radius": 0},
               {"id": "button", "frame": [120, 150, 70, 70], "radius": 35}]}
    """#

    static let scenes = ["moving", "overlapping web", "far tap web", "far tap frosted", "web-twin.json", "glass-overlap-three.json", "glass-web.json", "glass-android.json",
                         "glass-android-legacy.json", "glass-vivid-light.json", "glass-bloom-under-glass.json",
                         "content-navbar-frosted.json", "glass-reduce-transparency.json"]

    static func document(_ scene: String) throws -> SceneDocument {
        switch scene {
        case "moving": return try SceneDecoder().decode(text: moving)
        case "overlapping web": return try SceneDecoder().decode(text: overlappingWeb)
        case "far tap web": return try SceneDecoder().decode(text: farTap(platform: "web", tapY: 160))
        case "far tap frosted": return try SceneDecoder().decode(text: farTap(platform: "ios18", tapY: 390))
        default: return try SceneDecoder(scale: 1).decode(file: AllScenesTests.root.appendingPathComponent("scenes/\(scene)").path)
        }
    }

    /// Every frame, then a run with skips (as a shard or `--frames` starts late and a preview jumps).
    static func runs(_ doc: SceneDocument) -> [[Int]] {
        let n = doc.frameCount
        return [Array(0..<n), [0, 1, 2, n / 3, n / 3 + 1, n / 2, n / 2 + 1, n / 2 + 2, n - 1]]
            .map { Array(Set($0.filter { $0 < n })).sorted() }
    }

    @Test(arguments: scenes)
    func keptPanelsHaveTheBitsOfPanelsDrawnAgain(scene: String) throws {
        let doc = try Self.document(scene)
        for frames in Self.runs(doc) {
            var reference = Compositor(document: doc, workers: Workers(2), keeping: .nothing)
            var keeping = Compositor(document: doc, workers: Workers(2))
            var slots = (0..<2).map { _ in FrameSlot(keeping.emptyFrame()) }
            for (n, i) in frames.enumerated() {
                let expected = bits(reference.render(frame: i))
                keeping.render(frame: i, into: &slots[n % 2])
                let wrong = zip(bits(slots[n % 2].frame), expected).filter { $0 != $1 }.count
                #expect(wrong == 0, "\(scene) frame \(i) (run of \(frames.count)): \(wrong) pixels differ from panels drawn again")
            }
            #expect(reference.panelReuse.reusedPixels == 0)
            if frames.count == doc.frameCount && !["glass-reduce-transparency.json", "glass-bloom-under-glass.json"].contains(scene) {
                // Each scene has frames where some panel's backdrop holds still (not the bloom's: ambient waves
                // move dots everywhere, within the halo's reach of every panel, in every frame).
                #expect(keeping.panelReuse.reusedPixels > 0, "\(scene): no panel was ever kept")
            }
        }
    }

    /// A scene whose plane never moves keeps every panel after the first frame.
    @Test func aStillSceneDrawsItsPanelsOnce() throws {
        var json = Self.moving.replacingOccurrences(of: #""events": [{"type": "tap", "at": [100, 250], "t": 0.3}],"#, with: "")
        json = json.replacingOccurrences(of: #"{"t": 0.5, "frame": [100, 30, 80, 60]}"#, with: #"{"t": 0.5, "frame": [10, 100, 80, 60]}"#)
            .replacingOccurrences(of: #"{"t": 0.6, "frame": [100, 30, 80, 60]}"#, with: #"{"t": 0.6, "frame": [10, 100, 80, 60]}"#)
            .replacingOccurrences(of: #"{"t": 1, "frame": [10, 180, 80, 60]}"#, with: #"{"t": 1, "frame": [10, 100, 80, 60]}"#)
        let doc = try SceneDecoder().decode(text: json)
        var compositor = Compositor(document: doc, workers: Workers(2))
        for i in 0..<10 { _ = compositor.render(frame: i) }
        let s = compositor.panelReuse
        #expect(s.drawnPixels > 0 && s.reusedPixels == 9 * s.drawnPixels, "\(s)")
    }

    /// The PNG bands FrameHistory vouches for between two frames, through kept panels' tokens as well as the
    /// plane, hold the same pixels in both (rows of the band and the row above, as filter `up` reads them).
    @Test(arguments: ["moving", "web-twin.json", "glass-overlap-three.json"])
    func vouchedBandsHoldTheSamePixels(scene: String) throws {
        let doc = try Self.document(scene)
        var compositor = Compositor(document: doc, workers: Workers(2))
        let history = FrameHistory(capacity: 4)
        var kept: [Int: [SIMD4<UInt32>]] = [:]
        var vouched = 0
        for i in 0..<doc.frameCount {
            var slot = FrameSlot(compositor.emptyFrame())
            compositor.render(frame: i, into: &slot)
            history.record(i, slot: slot)
            let w = slot.frame.width, h = slot.frame.height
            kept[i] = bits(slot.frame)
            kept[i - 4] = nil
            for other in max(0, i - 3)..<i {
                for band in 0..<PNG.bandCount(height: h) where history.unchanged(band: band, frame: i, as: other) {
                    let rows = max(0, band * PNG.bandRows - 1)..<min(h, (band + 1) * PNG.bandRows)
                    let a = kept[i]![(rows.lowerBound * w)..<(rows.upperBound * w)]
                    let b = kept[other]![(rows.lowerBound * w)..<(rows.upperBound * w)]
                    #expect(a.elementsEqual(b), "\(scene): band \(band) of frames \(i) and \(other) vouched for but differs")
                    vouched += 1
                }
            }
        }
        #expect(vouched > 0)
    }

    /// The pixels' bit patterns, so that equality is exact (no float comparison).
    func bits(_ fb: Framebuffer) -> [SIMD4<UInt32>] {
        fb.withUnsafePixels { px in px.map { unsafeBitCast($0, to: SIMD4<UInt32>.self) } }
    }
}
