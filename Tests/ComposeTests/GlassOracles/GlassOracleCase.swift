import Foundation
import Glass
import Raster
@testable import SceneFormat
@testable import Compose
@testable import Output

/// One backdrop with glass panels over it, as the oracle comparisons use it: the backdrop in 8-bit RGBA (the
/// scene's own plane at its last frame, rendered by forkrender with no glass, or a synthetic image), forkrender's glass
/// drawn over exactly those bytes, and what an oracle needs to draw the same panels.
struct GlassOracleCase {
    let name: String
    let document: SceneDocument
    /// The backdrop, 8-bit straight RGBA, opaque.
    let plane: [UInt8]
    var width: Int { document.canvas.pixelWidth }
    var height: Int { document.canvas.pixelHeight }
    var scale: Float { document.canvas.scale }

    /// `backdrop` nil: the scene's plane. Otherwise a synthetic image of the canvas's pixel size (`dark`: the
    /// scene's appearance is dark).
    init(_ name: String, scene: String, backdrop: ((_ width: Int, _ height: Int, _ dark: Bool) -> [UInt8])? = nil) throws {
        self.name = name
        let doc = try SceneDecoder().decode(text: scene)
        document = doc
        if let backdrop {
            plane = backdrop(doc.canvas.pixelWidth, doc.canvas.pixelHeight, doc.appearance == .dark)
        } else {
            var bare = doc
            bare.glass.panels = []
            bare.content.items = []
            // The last frame: attachments tint dots through the physics steps, so the blocks need time to fill.
            var compositor = Compositor(document: bare, workers: .allCores)
            plane = compositor.render(frame: doc.frameCount - 1).rgba8(dither: false)
        }
    }

    /// forkrender's frame: its glass layer over the backdrop's bytes, 8-bit without dither.
    /// `haloOnEveryPanel`: every panel lit by the glow halo, whatever its tier or `glowHalo` (the glass layer
    /// as it drew before the tiers were gated, issue 22).
    func render(haloOnEveryPanel: Bool = false) -> [UInt8] {
        var doc = document
        if haloOnEveryPanel { for i in doc.glass.panels.indices { doc.glass.panels[i].glowHalo = true } }
        var fb = Framebuffer(width: width, height: height, space: doc.blending)
        for y in 0..<height { for x in 0..<width {
            let i = (y * width + x) * 4
            fb[x, y] = doc.blending.premultiply(Color(Int(plane[i]), Int(plane[i + 1]), Int(plane[i + 2]), Float(plane[i + 3]) / 255))
        } }
        var frame = fb
        GlassLayer(document: doc).render(plane: fb, into: &frame, time: 0, workers: .allCores)
        return frame.rgba8(dither: false)
    }

    /// The panels at t = 0 in pixels, with their corner radii.
    var boxes: [(box: Rect, cornerRadius: Float)] {
        document.glass.panels.map { $0.outline(at: 0, scale: scale) }
    }

    /// What the oracles read (cases.json): geometry in pixels and in CSS px (points), and the material's values
    /// as docs/glass.md's table gives them (the oracles implement the operations, not the token table).
    var json: [String: Any] {
        let a = document.appearance
        func rgba(_ c: Color) -> [Double] { [Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha)] }
        let panels: [[String: Any]] = document.glass.panels.map { p in
            let (box, radius) = p.outline(at: 0, scale: scale)
            let m = p.material.token
            return [
                "x": Double(box.x), "y": Double(box.y), "width": Double(box.width), "height": Double(box.height),
                "radius": Double(radius), "tier": p.tier.rendered.rawValue,
                "css": ["x": Double(box.x / scale), "y": Double(box.y / scale), "width": Double(box.width / scale),
                        "height": Double(box.height / scale), "radius": Double(radius / scale)],
                "sigma": Double(m.blurSigmaPoints * scale), "saturation": Double(m.saturation),
                "fills": [rgba(m.overlay(a))] + (p.tint.map { [rgba($0)] } ?? []),
                "tint": p.tint.map(rgba) as Any,
                "border": rgba(GlassDefaults.borderToken.color(a)), "borderWidth": Double(GlassDefaults.borderWidthPixels),
            ]
        }
        var o: [String: Any] = ["name": name, "width": width, "height": height, "scale": Double(scale),
                                "appearance": a.rawValue, "panels": panels]
        if let b = document.plane.backdrop, let image = b.image {
            o["photo"] = ["width": image.width, "height": image.height, "fit": b.fit.rawValue,
                          "position": [Double(b.position.x), Double(b.position.y)]]
        }
        return o
    }

    /// Writes plane.png and plane.rgba into `folder/name`, and for a scene with a backdrop image the image as
    /// the file holds it, unplaced: photo.png and photo.rgba (8-bit RGBA), its samples without any colour chunk,
    /// as the scene reads them (docs/scene-format.md: taken as sRGB whatever the file says).
    func writeBackdrop(under folder: URL) throws {
        let d = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        try PNG.write(rgba8: plane, width: width, height: height, to: d.appendingPathComponent("plane.png").path)
        try Data(plane).write(to: d.appendingPathComponent("plane.rgba"))
        if let b = document.plane.backdrop {
            let photo = try PNG.read(path: b.file)
            try PNG.write(rgba8: photo.rgba8, width: photo.width, height: photo.height, to: d.appendingPathComponent("photo.png").path)
            try Data(photo.rgba8).write(to: d.appendingPathComponent("photo.rgba"))
        }
    }
}

// MARK: Backdrops

/// High-contrast backdrops: the scene's plane made vivid (opaque 14 pt dots, tinted in colored blocks through
/// plane attachments), and synthetic images with solid colored blocks, a step edge and a fine grid.
enum OracleBackdrops {
    /// systemRed, systemBlue, systemGreen, systemYellow, systemPurple, systemOrange (light values).
    static let colors: [(UInt8, UInt8, UInt8)] = [(255, 59, 48), (0, 122, 255), (52, 199, 89), (255, 204, 0),
                                                  (175, 82, 222), (255, 149, 0)]

    /// The plane section of a vivid scene of `width` x `height` points: opaque dots 14 pt wide at the default
    /// 21 pt pitch (`dotIdle` 1), tinted by fixed attachments into blocks of 130 x 150 pt of six colors with
    /// untinted ones between (label-colored dots: black in light, white in dark). Attachments pull nothing
    /// (`strength` 0), so the grid stays regular.
    static func vividPlane(width: Int, height: Int) -> String {
        var blocks: [String] = []
        var k = 0
        for (row, y) in stride(from: 0, to: height, by: 150).enumerated() {
            for (col, x) in stride(from: 0, to: width, by: 130).enumerated() where (row + col) % 3 != 2 {
                let token = ["systemRed", "systemBlue", "systemGreen", "systemYellow", "systemPurple", "systemOrange"][k % 6]
                k += 1
                blocks.append("{\"frame\": [\(x), \(y), 130, 150], \"cornerRadius\": 0, \"strength\": 0, \"reach\": 1, \"tint\": {\"token\": \"\(token)\", \"opacity\": 1}}")
            }
        }
        return "{\"dotIdle\": 1, \"dotSize\": 14, \"ambient\": {\"enabled\": false}, \"attachments\": [\(blocks.joined(separator: ", "))]}"
    }

    /// A synthetic backdrop: light (white ground) or dark (black ground). Left half: solid blocks of the six
    /// colors in a 3 x 2 grid; right half, top: a vertical step edge from the ground to its opposite; right half,
    /// bottom: a fine grid of 1 px colored lines every 4 px over the ground.
    static func synthetic(width w: Int, height h: Int, dark: Bool) -> [UInt8] {
        let ground: (UInt8, UInt8, UInt8) = dark ? (0, 0, 0) : (255, 255, 255)
        let other: (UInt8, UInt8, UInt8) = dark ? (255, 255, 255) : (0, 0, 0)
        var p = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h { for x in 0..<w {
            var c = ground
            if x < w / 2 {
                c = colors[(y * 2 / h) * 3 + min(2, x * 3 / (w / 2))]
            } else if y < h / 2 {
                if x >= w * 3 / 4 { c = other }
            } else if x % 4 == 0 || y % 4 == 0 {
                c = colors[((x / 4) + (y / 4)) % colors.count]
            }
            let i = (y * w + x) * 4
            (p[i], p[i + 1], p[i + 2]) = c
        } }
        return p
    }
}
