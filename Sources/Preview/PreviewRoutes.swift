import Foundation
import Raster
import SceneFormat
import Compose
import Output
import Regression

/// The fixed set of routes of `forkrender preview`. Nothing here reads a path from the URL: each route is a
/// name in this table, everything else is 404, and every parameter is checked (400 with a message that quotes it).
/// Before any of that, `access` refuses a request from anything but the page itself (421/403, PreviewAccess).
/// GET routes answer HEAD too; POST to them, and GET to /export, is 405.
///
///   GET /             the page (PreviewPage.html, with this process's export token)
///   GET /scene        file name (no folder), frame count, fps, canvas, panels and tilt keyframes, as JSON
///   GET /frame.png    ?frame=&pitch=&roll=&appearance=&tier=&reduceTransparency=&play=
///   GET /patch        the same but `play`, pitch and roll required: what that tilt changes in the frame
///                     (FramePatch: raw RGBA rows of each rectangle, the rectangles in X-Forkrender-Patch); the
///                     page puts it over a frame of the same index and switches
///   GET /lint         ?frame= and the same switches: the legibility report of that frame and the scene's breaks
///                     of the layer rule (shown, not refused, in the preview), as JSON
///   GET /overlap.png  ?frame= and the switches: the overlap view's overlay (OverlapMap), transparent PNG
///   GET /layers       ?frame=&x=&y= and the switches: the glass layers over pixel (x, y), as JSON
///   POST /export      ?frame= and the switches, with the token in X-Forkrender-Token (403 without it): writes
///                     that frame and two videos into --export's folder (400 when the scene breaks the layer rule,
///                     which the command line refuses)
///   GET /version      the scene's version (bumped when the file changes and decodes) and its error, as JSON
public struct PreviewRoutes: Sendable {
    public let session: PreviewSession
    public let access: PreviewAccess
    /// The page with the token in it, made once.
    private let page: [UInt8]

    public init(session: PreviewSession, access: PreviewAccess = PreviewAccess()) {
        self.session = session
        self.access = access
        page = Array(PreviewPage.html(token: access.token).utf8)
    }

    struct BadRequest: Error {
        var message: String
    }

    /// One row of the table: a path, the requests it takes, and what answers them. A handler throws
    /// `BadRequest` for a bad parameter (400); any other error is the preview's own (500).
    struct Route: Sendable {
        enum Method: Sendable {
            /// GET or HEAD: reads, changes nothing.
            case read
            /// POST with the page's token: writes files.
            case change
        }
        let path: String
        let method: Method
        let answer: @Sendable (PreviewRoutes, PreviewRequest) throws -> PreviewResponse
    }

    static let table: [Route] = [
        Route(path: "/", method: .read) { routes, request in
            try routes.allow([], request)
            return PreviewResponse(status: 200, contentType: "text/html; charset=utf-8", body: routes.page)
        },
        Route(path: "/scene", method: .read) { routes, request in
            try routes.allow([], request)
            return .json(routes.sceneJSON())
        },
        Route(path: "/frame.png", method: .read) { routes, request in try routes.frame(request) },
        Route(path: "/patch", method: .read) { routes, request in try routes.patch(request) },
        Route(path: "/lint", method: .read) { routes, request in
            let r = try routes.frameRequest(request)
            return .json(routes.lintJSON(try routes.session.lint(r), ruleBreaks: try routes.session.ruleBreaks(r.settings)))
        },
        Route(path: "/overlap.png", method: .read) { routes, request in try routes.overlap(request) },
        Route(path: "/layers", method: .read) { routes, request in try routes.layers(request) },
        Route(path: "/export", method: .change) { routes, request in try routes.export(request) },
        Route(path: "/version", method: .read) { routes, request in
            try routes.allow([], request)
            let (version, error) = routes.session.reload()
            return .json(routes.json(["version": version, "error": error ?? NSNull()]))
        },
    ]

    static let routes = table.map(\.path)

    public func respond(_ request: PreviewRequest) -> PreviewResponse {
        if let refusal = access.refusal(request) { return refusal }
        guard let route = Self.table.first(where: { $0.path == request.path }) else {
            return PreviewResponse(status: 404, text: "not found: \(request.path.prefix(200)) (routes: \(Self.routes.joined(separator: ", ")))")
        }
        if let refusal = refusal(request, by: route) { return refusal }
        do {
            return try route.answer(self, request)
        } catch let e as BadRequest {
            return PreviewResponse(status: 400, text: e.message)
        } catch {
            return PreviewResponse(status: 500, text: "error: \(error)")
        }
    }

    /// 405 for a method the route does not take, 403 for a change without the page's token; nil when allowed.
    private func refusal(_ request: PreviewRequest, by route: Route) -> PreviewResponse? {
        switch route.method {
        case .change: access.changeRefusal(request, button: "Export")
        case .read: PreviewAccess.readRefusal(request)
        }
    }

    private func frame(_ request: PreviewRequest) throws -> PreviewResponse {
        let r = try frameRequest(request, extra: ["play"])
        let play = try flag("play", request) ?? false
        return PreviewResponse(status: 200, contentType: "image/png", body: try session.png(r, play: play))
    }

    /// Where a patch's rectangles go: `x,y,width,height`, `;` between them, in the order of their bytes
    /// (FramePatch.header).
    public static let patchHeader = "X-Forkrender-Patch"

    private func patch(_ request: PreviewRequest) throws -> PreviewResponse {
        let r = try frameRequest(request)
        guard r.tilt != nil else { throw BadRequest(message: "a patch is what a tilt changes: give pitch and roll") }
        let p = try session.patch(r)
        return PreviewResponse(status: 200, contentType: "application/octet-stream", body: p.bytes, headers: [(Self.patchHeader, p.header)])
    }

    private func overlap(_ request: PreviewRequest) throws -> PreviewResponse {
        let map = try session.overlap(try frameRequest(request))
        return PreviewResponse(status: 200, contentType: "image/png",
                               body: try PNG.encode(rgba8: map.overlay(), width: map.width, height: map.height))
    }

    private func layers(_ request: PreviewRequest) throws -> PreviewResponse {
        let r = try frameRequest(request, extra: ["x", "y"])
        let d = session.document
        let x = try pixel("x", request, below: d.canvas.pixelWidth)
        let y = try pixel("y", request, below: d.canvas.pixelHeight)
        return .json(layersJSON(try session.overlap(r).probe(x: x, y: y)))
    }

    /// Refused (400) without --export, and for a scene that breaks the layer rule: the command line refuses
    /// such a scene, so export does too.
    private func export(_ request: PreviewRequest) throws -> PreviewResponse {
        let r = try frameRequest(request)
        guard session.exportFolder != nil else {
            throw BadRequest(message: "export is off: start forkrender preview with --export <folder>")
        }
        if let breaks = try? session.ruleBreaks(r.settings), !breaks.isEmpty {
            throw BadRequest(message: "export refused: the scene breaks a glass rule\n" + breaks.map(\.diagnostic).joined(separator: "\n"))
        }
        return .json(json(["written": try session.export(r)]))
    }

    static let frameParameters = ["frame", "pitch", "roll", "appearance", "tier", "reduceTransparency", "safeArea"]

    private func allow(_ names: [String], _ request: PreviewRequest) throws(BadRequest) {
        var seen = Set<String>()
        for (k, _) in request.arguments {
            guard names.contains(k) else {
                throw BadRequest(message: "unknown parameter '\(k.prefix(60))' for \(request.path)" +
                                 (names.isEmpty ? " (it takes none)" : " (expected \(names.joined(separator: ", ")))"))
            }
            guard seen.insert(k).inserted else { throw BadRequest(message: "parameter '\(k)' given more than once") }
        }
    }

    /// Validates a frame's parameters: every one optional but `frame`; pitch and roll come together. `extra`:
    /// the route's own parameters, read by the route.
    func frameRequest(_ request: PreviewRequest, extra: [String] = []) throws(BadRequest) -> FrameRequest {
        try allow(Self.frameParameters + extra, request)
        var values: [String: String] = [:]
        for (k, v) in request.arguments { values[k] = v }
        func quoted(_ s: String) -> String { "'\(s.prefix(60))'" }
        let count = session.document.frameCount
        guard let f = values["frame"] else { throw BadRequest(message: "missing parameter 'frame' (0 to \(count - 1))") }
        guard let frame = Int(f), (0..<count).contains(frame) else {
            throw BadRequest(message: "frame \(quoted(f)) is out of range: expected a whole number from 0 to \(count - 1)")
        }
        var tilt: Tilt?
        switch (values["pitch"], values["roll"]) {
        case (nil, nil): tilt = nil
        case let (p?, r?): tilt = Tilt(pitch: try angle("pitch", p), roll: try angle("roll", r))
        default: throw BadRequest(message: "pitch and roll go together: give both or neither")
        }
        var settings = PreviewSettings()
        if let a = values["appearance"] {
            guard let v = Appearance(rawValue: a) else { throw BadRequest(message: "appearance \(quoted(a)) is not light or dark") }
            settings.appearance = v
        }
        if let t = values["tier"] {
            guard let p = PreviewSettings.tiers.first(where: { $0.0 == t })?.1 else {
                throw BadRequest(message: "tier \(quoted(t)) is unknown: expected one of \(PreviewSettings.tiers.map(\.0).joined(separator: ", "))")
            }
            settings.platform = p
        }
        settings.reduceTransparency = try flag("reduceTransparency", request)
        settings.safeArea = try flag("safeArea", request)
        return FrameRequest(frame: frame, tilt: tilt, settings: settings)
    }

    /// A yes-or-no parameter: `true`, `false`, `1` or `0`; nil when absent.
    private func flag(_ name: String, _ request: PreviewRequest) throws(BadRequest) -> Bool? {
        guard let v = request.arguments.first(where: { $0.0 == name })?.1 else { return nil }
        switch v {
        case "true", "1": return true
        case "false", "0": return false
        default: throw BadRequest(message: "\(name) '\(v.prefix(60))' is not true or false")
        }
    }

    /// A required pixel coordinate from 0 to `limit` - 1.
    private func pixel(_ name: String, _ request: PreviewRequest, below limit: Int) throws(BadRequest) -> Int {
        guard let v = request.arguments.first(where: { $0.0 == name })?.1 else {
            throw BadRequest(message: "missing parameter '\(name)' (a pixel from 0 to \(limit - 1))")
        }
        guard let i = Int(v), (0..<limit).contains(i) else {
            throw BadRequest(message: "\(name) '\(v.prefix(60))' is out of range: expected a whole number of pixels from 0 to \(limit - 1)")
        }
        return i
    }

    private func angle(_ name: String, _ s: String) throws(BadRequest) -> Double {
        guard let v = Double(s), v.isFinite, abs(v) <= Tilt.maximumAngle else {
            throw BadRequest(message: "\(name) '\(s.prefix(60))' is out of range: expected radians from -pi/2 to pi/2 (-1.5708 to 1.5708)")
        }
        return v
    }

    func sceneJSON() -> String {
        let d = session.document
        // Each member's frame at every frame of the timeline, in points: the page's overlap view outlines them.
        let panels: [[String: Any]] = d.glass.panels.map { p in
            let frames = (0..<d.frameCount).map { i in
                let r = p.frame(at: d.time(ofFrame: i))
                return [r.x, r.y, r.width, r.height].map(Double.init)
            }
            return ["name": p.id ?? p.path, "id": p.id ?? NSNull(), "container": p.container ?? NSNull(), "frames": frames,
                    "shape": p.outline.rawValue, "radius": Self.radius(of: p, at: d.time(ofFrame: 0))]
        }
        let tilt: [[String: Any]] = d.tilt.keys.map { ["t": $0.time, "pitch": $0.value.pitch, "roll": $0.value.roll] }
        let content = d.content.items.map(Self.contentJSON)
        // The file's name only: its folder would tell a reader where the designer keeps their files.
        return json([
            "file": (session.file as NSString).lastPathComponent, "frameCount": d.frameCount, "fps": d.fps, "duration": d.duration,
            "width": d.canvas.pixelWidth, "height": d.canvas.pixelHeight, "scale": Double(d.canvas.scale),
            "points": [Double(d.canvas.width), Double(d.canvas.height)],
            "appearance": d.appearance.rawValue, "platform": d.platform.rawValue, "reduceTransparency": d.reduceTransparency,
            "tiers": PreviewSettings.tiers.map(\.0), "panels": panels, "tilt": tilt, "content": content,
            "device": Self.deviceJSON(d.canvas) ?? NSNull(),
            "version": session.version,
        ])
    }

    /// The scene's device for the safe-area switch: its name, whether the scene shows its guides, and its
    /// safe-area insets in points (top, left, bottom, right); nil without a device.
    static func deviceJSON(_ c: Canvas) -> [String: Any]? {
        guard let device = c.device else { return nil }
        let s = device.safeArea
        return ["name": device.name, "safeArea": c.guides, "insets": [s.top, s.left, s.bottom, s.right].map(Double.init)]
    }

    /// The radius the panel is drawn with at a time, in points: a rect's corner radius (limited by its box), a
    /// circle's radius (half its size) and a capsule's end radius (half its shorter side).
    static func radius(of panel: GlassPanelSpec, at time: Double) -> Double {
        Double(panel.outline(at: time, scale: 1).cornerRadius)
    }

    /// A content item as `/scene` reports it: what it is, where it sits, and its timeline (its states, how it
    /// appears and disappears, and whether keyframes move or recolor it).
    static func contentJSON(_ item: ContentItem) -> [String: Any] {
        let t = item.timeline
        func appearing(_ a: ContentAppearing?) -> Any {
            a.map { ["t": $0.time, "duration": $0.duration, "transition": $0.transition.rawValue] } ?? NSNull()
        }
        return ["path": item.path, "id": item.id ?? NSNull(), "kind": item.kindName, "on": item.on ?? NSNull(),
                "color": item.color.name, "animated": t.isAnimated,
                "states": t.states.map { ["t": $0.time, "duration": $0.duration, "color": $0.color.name] },
                "appear": appearing(t.appear), "disappear": appearing(t.disappear)]
    }

    func layersJSON(_ p: OverlapMap.Probe) -> String {
        json(["layers": p.layers, "surfaces": p.surfaces, "merge": p.merge, "glassOnGlass": p.glassOnGlass,
              "breaksLayerRule": p.breaksLayerRule, "maxLayers": OverlapMap.maxLayers])
    }

    /// The legibility report, and the breaks of the layer rule under the same switches (`ruleBreaks`, each the
    /// command line's message): the page lists them beside the report, marked as rule breaks.
    func lintJSON(_ r: LegibilityReport, ruleBreaks: [SceneError] = []) -> String {
        func num(_ v: Float?) -> Any { v.map { (Double($0) * 100).rounded() / 100 } ?? NSNull() }
        // Measured figures rounded down, so a figure under its minimum never reads as the minimum.
        func measured(_ v: Float?) -> Any { v.map { LegibilityAudit.floored($0, 2) } ?? NSNull() }
        let entries: [[String: Any]] = r.entries.map { e in
            ["path": e.path, "id": e.id ?? NSNull(), "kind": e.kind, "text": e.text ?? NSNull(), "on": e.panel ?? NSNull(),
             "wcag": measured(e.wcag), "wcagMin": num(e.threshold.wcag), "apca": measured(e.apca), "apcaMin": num(e.threshold.apca),
             "point": e.worstPoint.map { [Double($0.x), Double($0.y)] } ?? NSNull(),
             "flags": e.flags.map { ["code": $0.code, "message": $0.message] },
             "states": e.states.map { ["t": $0.time, "color": $0.color, "wcag": measured($0.wcag), "apca": measured($0.apca)] }]
        }
        return json(["passes": r.passes, "entries": entries, "warnings": r.warnings,
                     "ruleBreaks": ruleBreaks.map(\.diagnostic)])
    }

    private func json(_ object: [String: Any]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
