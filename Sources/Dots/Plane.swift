import Raster

// The PlanarKit plane: a rigid grid of dots on springs, disturbed by waves, fields and gestures.
//
// Guide (docs/plane.md has the equations):
// - Units: positions in canvas points (origin top-left, y down), time in 60 Hz physics steps; "step n" is the
//   state after n updates from the grid at rest.
// - Storage: structure of arrays (x, y, velocity x, y, home x, y, state alpha, tint weight, tint r, g, b, a),
//   one Float per dot per array, row-major over the grid (index = row x columns + column).
// - Parallelism: an update is cut into fixed bands of grid rows; a dot depends only on itself and the sources,
//   so each dot is written by exactly one band and the bytes do not depend on the worker count.
// - Reach: a source (wave, field, attachment) visits only the grid rows and column spans its reach can touch,
//   widened by the largest displacement of the previous step; rows entirely at rest and untouched are skipped.

/// Everything that shapes a plane, with every default resolved (see `PlaneDefaults`).
public struct PlaneConfiguration: Sendable {
    /// The visible area in points (the canvas); the grid overflows it by `overflow` on every side.
    public var canvas: Rect
    public var appearance: Appearance
    public var dotSize: Float = PlaneDefaults.dotSize
    public var spacing: Float = PlaneDefaults.dotSpacing
    public var overflow: Float
    public var dotIdle: Float
    public var dotTap: Float
    public var dotField: Float
    public var spring: Float = PlaneDefaults.spring
    public var damping: Float = PlaneDefaults.damping
    public var relaxation: Float = PlaneDefaults.relaxation
    public var falloff: Float = PlaneDefaults.falloff
    /// The color dots are drawn in (label, at the state alpha).
    public var label: Color
    /// Fill behind the dots (systemGroupedBackground).
    public var background: Color
    public var ambient: Ambient
    /// The accent (straight sRGB, opaque) that taps, drags and fields tint toward, at the state's alpha.
    public var accent: Color
    public var seed: UInt64 = 0
    public var visible = true
    /// Reduce Transparency: dots are drawn at idle opacity in the label color (motion still shows).
    public var reduceTransparency = false

    public init(canvas: Rect, appearance: Appearance) {
        self.canvas = canvas
        self.appearance = appearance
        overflow = PlaneDefaults.overflow(spacing: PlaneDefaults.dotSpacing)
        dotIdle = PlaneDefaults.dotIdle(appearance)
        dotTap = PlaneDefaults.dotTap(appearance)
        dotField = PlaneDefaults.dotField(appearance)
        label = Token.label.color(appearance)
        background = Token.systemGroupedBackground.color(appearance)
        ambient = Ambient(palette: Ambient.palette(appearance))
        accent = PlaneDefaults.accent.color(appearance)
    }

    /// The accent at an alpha: the default tint of taps (dotTap) and fields (dotField).
    public func accent(alpha: Float) -> Color { accent.withAlpha(accent.alpha * alpha) }
}

/// One dot's state, for inspection.
public struct DotState: Sendable, Hashable {
    public var position: Point
    public var velocity: Point
    public var home: Point
    public var alpha: Float
    public var tintWeight: Float
    public var tint: Color
    public var displacement: Point { position - home }
}

/// The simulated plane. A value type: copies are independent (storage is copied on first write).
public struct Plane: Sendable {
    public let configuration: PlaneConfiguration
    /// Grid size and the grid index of the first column and row (home = index x spacing).
    public let columns: Int
    public let rows: Int
    public let firstColumn: Int
    public let firstRow: Int
    /// Updates taken so far.
    public internal(set) var step = 0
    var storage: DotStorage
    var timeline: PlaneTimeline
    var liveWaves: [Wave] = []
    var nextWave = 0
    var ambientWaves: AmbientScheduler
    public let attachments: [PlaneFieldAttachment]
    let noise: ValueNoise
    /// Largest |p - h| of any dot after the last update (points); widens every reach.
    var maxDisplacement: Float = 0
    /// What the next render draws beneath the dots; the caller sets it per frame (a scroll moves it).
    public var backdrop: PlaneBackdrop?
    /// Pixels a stage after the sprites rewrites in every frame (a bar's scroll edge effect), set per frame by
    /// the caller: the next render's record holds them (`PlaneSpriteRecord.overdrawn`), so they are redrawn whole.
    public var overdrawn: [PixelRect] = []

    public init(configuration c: PlaneConfiguration, events: [PlaneEvent] = [],
                attachments: [PlaneFieldAttachment] = []) {
        configuration = c
        let s = c.spacing
        firstColumn = Int(checked: (c.canvas.minX - c.overflow) / s, .up)
        firstRow = Int(checked: (c.canvas.minY - c.overflow) / s, .up)
        let lastColumn = Int(checked: (c.canvas.maxX + c.overflow) / s, .down)
        let lastRow = Int(checked: (c.canvas.maxY + c.overflow) / s, .down)
        columns = max(1, lastColumn - firstColumn + 1)
        rows = max(1, lastRow - firstRow + 1)
        storage = DotStorage.make(columns: columns, rows: rows, firstColumn: firstColumn, firstRow: firstRow,
                                  spacing: s, idle: c.dotIdle)
        timeline = PlaneTimeline(events: events, tapTint: c.accent(alpha: c.dotTap),
                                 waveTint: c.accent(alpha: PlaneDefaults.ambientAlpha))
        timeline.waves.sort { $0.start < $1.start }
        ambientWaves = AmbientScheduler(ambient: c.ambient, area: c.canvas, seed: c.seed)
        self.attachments = attachments
        noise = ValueNoise(seed: c.seed ^ 0x6E6F_6973_6554_696E)
    }

    public var dotCount: Int { columns * rows }

    /// Index of the dot in grid column `i`, row `j` (0-based from the first overflow column and row).
    func index(column i: Int, row j: Int) -> Int { j * columns + i }

    /// The dot whose home is nearest to `p` (points).
    func nearestDot(to p: Point) -> Int {
        let s = configuration.spacing
        let i = min(max(Int(checked: p.x / s, .toNearestOrAwayFromZero) - firstColumn, 0), columns - 1)
        let j = min(max(Int(checked: p.y / s, .toNearestOrAwayFromZero) - firstRow, 0), rows - 1)
        return index(column: i, row: j)
    }

    func dot(_ i: Int) -> DotState { storage.withHandle { $0.dot(i) } }

    /// Waves alive at the last update (timeline, trail and ambient).
    var activeWaves: [Wave] { liveWaves }

    /// Field tracks compiled from the events.
    var fieldTracks: [FieldTrack] { timeline.fields }

    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    /// Advances to physics step `target` (60 Hz). Steps must increase; each update is taken in turn, so
    /// skipping frames never changes the result. `bounds` supplies, per update, the frame (points) of each
    /// attachment whose bounds are `.external` (called with the attachment's id and the update's time).
    public mutating func simulate(toStep target: Int, workers: Workers = .single,
                                  bounds: (String, Double) -> Rect? = { _, _ in nil }) {
        precondition(target >= step, "the plane only moves forward in time")
        guard target > step else { return }
        makeUnique()
        // Polled per batch (64 steps, under 10 ms on a phone canvas): a long replay stops on Ctrl-C.
        while step < target, !workers.isCancelled {
            // Batches of at most 64 updates bound the memory of the resolved sources.
            let end = min(target, step + Self.batch)
            advance(to: end, workers: workers, bounds: bounds, culled: true)
        }
    }

    /// Updates resolved and run together (temporal blocking, see `DotStorage.advance`).
    static let batch = 64

    mutating func advance(to target: Int, workers: Workers, bounds: (String, Double) -> Rect?, culled: Bool) {
        let steps = launchSources(to: target, bounds: bounds)
        maxDisplacement = storage.advance(steps: steps, configuration: configuration, noise: noise,
                                          culled: culled, workers: workers)
        step = target
    }

    /// The sources of updates step + 1 ... target, one list per update, launching and retiring waves on the way.
    mutating func launchSources(to target: Int, bounds: (String, Double) -> Rect?) -> [[Source]] {
        var steps: [[Source]] = []
        for k in (step + 1)...target {
            // Waves: launch those due, retire those past their life (launch order is fixed).
            while nextWave < timeline.waves.count, timeline.waves[nextWave].start < k {
                liveWaves.append(timeline.waves[nextWave])
                nextWave += 1
            }
            ambientWaves.launch(upTo: k - 1, into: &liveWaves)
            liveWaves.removeAll { !$0.isLive(atUpdate: k) }
            steps.append(resolveSources(update: k, bounds: bounds))
        }
        return steps
    }

    /// The sources acting at update k, in a fixed order: waves, field tracks, attachments.
    func resolveSources(update k: Int, bounds: (String, Double) -> Rect?) -> [Source] {
        let c = configuration
        let t = Double(k) / PlaneDefaults.stepsPerSecond
        var out: [Source] = []
        out.reserveCapacity(liveWaves.count + timeline.fields.count + attachments.count)
        for w in liveWaves where w.isLive(atUpdate: k) {
            out.append(Source(wave: w, update: k, configuration: c))
        }
        for track in timeline.fields {
            let intensity = track.intensity(at: t)
            guard intensity > 0 else { continue }
            var f = track.field
            f.center = track.path.position(at: t)
            let previous = track.path.position(at: Double(k - 1) / PlaneDefaults.stepsPerSecond)
            out.append(Source(field: f, intensity: intensity, pointerVelocity: f.center - previous, configuration: c))
        }
        for a in attachments {
            let frame: Rect?
            if case .external = a.bounds { frame = bounds(a.id, t) } else { frame = a.frame(at: t) }
            guard let frame else { continue }
            out.append(Source(attachment: a, frame: frame, configuration: c))
        }
        return out
    }
}
