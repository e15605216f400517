import ChildProcess
import Foundation
import Testing
import Raster
@testable import Content

/// Icons nobody on the project drew: a sample of Debian's Papirus, Breeze and Adwaita themes (installed by
/// `scripts/setup.sh --dev`), each drawn in its own colours (`original`) at 64 x 64 and compared with
/// `rsvg-convert -w 64 -h 64` (the same librsvg). The sample is chosen for variety: the files the budgets used to
/// refuse (bounding-box filter regions, a 2,425-segment path, Illustrator's entities, 21 filter passes, a viewBox
/// letterboxed in its viewport), and full-colour files with gradients, masks, clip paths, filters, text, `<use>`
/// and style sheets (Breeze's kickoff.svg: the most selectors x elements of the three themes, 11 x 509), and symbolic
/// ones.
@Suite struct ThemeIconTests {
    static let themes = "/usr/share/icons"
    static let sample = [
        // Refused before: filter regions, the segment limit, entities, filter passes, the letterbox.
        "breeze/apps/48/gpick.svg", "breeze/applets/256/org.kde.plasma.kicker.svg", "breeze/apps/48/kig.svg",
        "breeze/apps/48/ktouch.svg", "breeze/apps/48/parley.svg", "breeze/apps/48/kmplot.svg",
        // Filters, text, masks, clip paths.
        "breeze/apps/48/kwave.svg", "breeze/apps/48/kmahjongg.svg", "breeze/apps/48/maximabackend.svg",
        "breeze/apps/48/qalculate.svg", "breeze/apps/48/bomi.svg", "breeze/apps/48/kbruch.svg", "breeze/apps/48/xorg.svg",
        "breeze/apps/48/rocs.svg", "breeze/apps/48/zanshin.svg", "breeze/apps/48/kteatime.svg", "Papirus/64x64/apps/monero.svg",
        // Gradients, <use>, style sheets.
        "breeze/apps/48/im.vector.svg", "breeze/apps/48/gcompris-qt.svg", "breeze/apps/48/preferences-desktop-font-installer.svg",
        "breeze/mimetypes/64/application-x-pem-key.svg", "breeze/apps/48/kaffeine.svg", "breeze/mimetypes/64/application-x-wmf.svg",
        "breeze/apps/48/wine.svg", "breeze/places/64/folder-docker.svg", "breeze/applets/256/org.kde.plasma.digitalclock.svg",
        "breeze/places/64/folder-download.svg", "breeze/applets/256/org.kde.plasma.kickoff.svg", "breeze/places/64/folder-documents.svg", "breeze/apps/48/akregator.svg",
        // Symbolic icons (Adwaita's percentage filter regions among them).
        "Adwaita/scalable/legacy/preferences-desktop-appearance-symbolic.svg", "Adwaita/scalable/actions/system-run-symbolic.svg",
        "Adwaita/scalable/categories/applications-system-symbolic.svg", "Adwaita/scalable/status/weather-fog-symbolic.svg",
        "Adwaita/scalable/legacy/preferences-system-parental-controls-symbolic.svg",
        // Full-colour application icons.
        "Papirus/64x64/apps/firefox.svg", "Papirus/64x64/apps/gimp.svg", "Papirus/64x64/apps/inkscape.svg",
        "Papirus/64x64/apps/vlc.svg", "Papirus/64x64/apps/libreoffice-writer.svg", "Papirus/64x64/apps/blender.svg",
        "Papirus/64x64/apps/steam.svg", "Papirus/48x48/places/folder-blue.svg", "Papirus/64x64/apps/akregator.svg",
        "Papirus/64x64/apps/kmplot.svg",
    ]

    static var missing: String? {
        if DevTool.find("rsvg-convert") == nil { return DevTool.missing("rsvg-convert", package: "librsvg2-bin") }
        let absent = sample.filter { !FileManager.default.fileExists(atPath: "\(themes)/\($0)") }
        return absent.isEmpty ? nil : "\(absent.count) sample icons are not installed (first: \(absent[0])): run scripts/setup.sh --dev (papirus-icon-theme, breeze-icon-theme, adwaita-icon-theme)"
    }

    @Test(.enabled(if: missing == nil, Comment(rawValue: missing ?? "")))
    func everySampleIconIsDrawnAsRsvgConvertDrawsIt() throws {
        #expect(Self.sample.count >= 40)
        var refused: [String] = [], worst = (level: 0, icon: "")
        for icon in Self.sample {
            let path = "\(Self.themes)/\(icon)"
            let doc: SVGDocument
            do { doc = try SVGDocument(text: try String(contentsOfFile: path, encoding: .utf8)) } catch {
                refused.append("\(icon): \(error)")
                continue
            }
            let ours = try #require(doc.premultiplied(onto: Rect(x: 0, y: 0, width: 64, height: 64), x: 0, y: 0, width: 64, height: 64))
            let theirs = try Self.rsvgConvert(path)
            // rsvg-convert unpremultiplies cairo's premultiplied bytes into its PNG; premultiplied again they are
            // cairo's within one level of rounding, so that is the tolerance on every channel.
            var level = 0
            for p in 0..<(64 * 64) {
                let a = Int(theirs[4 * p + 3])
                for c in 0..<4 {
                    let t = c == 3 ? a : (Int(theirs[4 * p + c]) * a + 127) / 255
                    level = max(level, abs(t - Int(ours[4 * p + c])))
                }
            }
            #expect(level <= 1, "\(icon): \(level) levels from rsvg-convert")
            if level > worst.level { worst = (level, icon) }
        }
        #expect(refused.isEmpty, "refused: \(refused.joined(separator: "; "))")
        print("theme icons: \(Self.sample.count) drawn, \(refused.count) refused, worst \(worst.level) levels \(worst.icon)")
    }

    /// rsvg-convert's 64 x 64 RGBA bytes (straight alpha) of `path`.
    static func rsvgConvert(_ path: String) throws -> [UInt8] {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("forkrender-theme-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try ChildProcess.run(URL(fileURLWithPath: DevTool.find("rsvg-convert")!), ["-w", "64", "-h", "64", "-o", out, path], timeout: 60)
        #expect(r.status == 0, "rsvg-convert \(path) exited \(r.status)")
        let png = try PNG.read(path: out)
        #expect(png.width == 64 && png.height == 64)
        return png.samples.map { UInt8((Double($0) / 257).rounded()) }
    }
}
