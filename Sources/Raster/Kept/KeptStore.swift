import Foundation

/// Whether a render session keeps anything between frames. `.nothing` is the reference every store's contract
/// ("the bytes of computing again") is checked against: each store then hands out its empty value every time.
public enum Keeping: Sendable, Equatable {
    case everything
    case nothing
}

/// The pixels a store's per-pixel bound is over: the whole canvas, or only where the scene has glass that fills
/// the store (the panels' reach over the whole scene), so a scene without that glass counts nothing for it.
public enum KeptArea: Sendable, Hashable {
    case canvas
    /// Around the panels drawn with the lens.
    case liquidGlass
    /// Around the panels drawn as layers over the blurred plane (frosted, web, Android).
    case layeredGlass
    /// The whole canvas, when any panel is lit by the glow halo.
    case halo
    /// The glyph raster of the scene's labels: characters x (size x scale)^2 each.
    case glyphs
    /// The whole canvas, when Liquid Glass is drawn over a transparent canvas (matted over black and white).
    case matte
}

/// What a store kept between frames is, declared once beside the store: the row docs/architecture.md lists for
/// it ("State kept between frames"), which `KeptInventoryTests` checks against `KeptStoreDescriptor.all`.
public struct KeptStoreDescriptor: Sendable, Hashable {
    public let name: String
    /// The module folder and the owner of each instance.
    public let place: String
    public let holds: String
    public let key: String
    /// What drops or invalidates it (the code that does it is the store's `forget` or its own checks).
    public let dropped: String
    /// Its memory bound, in words; `bytes` gives the figure counted by `MemoryEstimate`.
    public let bound: String
    /// The bound in bytes: so much per canvas pixel, per plane dot, and in all.
    public let bytesPerPixel: Double
    public let bytesPerDot: Double
    public let fixedBytes: Double
    /// What `bytesPerPixel` is counted over.
    public let area: KeptArea
    /// Whether a cancelled frame drops what the store keeps (`forgetCancelledFrame`): true for a store a frame
    /// fills as it draws, whose entry from a cancelled pass may hold part of a drawing.
    public let dropsOnCancelledFrame: Bool

    public init(_ name: String, place: String, holds: String, key: String, dropped: String, bound: String,
                bytesPerPixel: Double = 0, over area: KeptArea = .canvas, bytesPerDot: Double = 0, fixedBytes: Double = 0,
                dropsOnCancelledFrame: Bool = false) {
        (self.name, self.place, self.holds, self.key, self.dropped, self.bound) = (name, place, holds, key, dropped, bound)
        (self.bytesPerPixel, self.area, self.bytesPerDot, self.fixedBytes) = (bytesPerPixel, area, bytesPerDot, fixedBytes)
        self.dropsOnCancelledFrame = dropsOnCancelledFrame
    }

    /// The memory bound for `pixels` pixels of its area and a plane of `dots` dots.
    public func bytes(pixels: Double, dots: Double) -> Double { fixedBytes + bytesPerPixel * pixels + bytesPerDot * dots }
}

/// What a kept value empties to: `dropKept` removes what the store keeps for later frames and leaves what it
/// only counts (statistics, tokens that must stay unique).
public protocol KeptValue {
    mutating func dropKept()
}

/// One store kept between frames: a value under one lock, with its descriptor. Every store a frame keeps is one
/// of these, so the lock discipline is one: a caller reads or changes the value inside `access` and never holds
/// a reference to what it keeps beyond it (a frame takes an entry out and puts its own back, so two frames drawn
/// at once never share one). A store made with `.nothing` drops what it keeps after every access.
public final class KeptStore<Value: KeptValue>: AnyKeptStore, @unchecked Sendable {
    public let descriptor: KeptStoreDescriptor
    /// False for a session that keeps nothing.
    public let keeps: Bool
    private let lock = NSLock()
    private var value: Value

    public init(_ descriptor: KeptStoreDescriptor, keeping: Keeping, _ value: Value) {
        self.descriptor = descriptor
        self.keeps = keeping == .everything
        self.value = value
        KeptStoreDescriptor.noteMade(descriptor)
    }

    /// Runs `body` on the value under the store's lock.
    public func access<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
        lock.lock()
        defer {
            if !keeps { value.dropKept() }
            lock.unlock()
        }
        return try body(&value)
    }

    /// Drops what is kept (a cancelled frame may have kept part of its work).
    public func forget() {
        lock.withLock { value.dropKept() }
    }
}

/// Any store, whatever it keeps: what an owner lists its stores as, so that dropping them after a cancelled
/// frame reads each one's declaration instead of naming stores by hand.
public protocol AnyKeptStore: AnyObject, Sendable {
    var descriptor: KeptStoreDescriptor { get }
    func forget()
}

extension Array where Element == any AnyKeptStore {
    /// Drops what a cancelled frame may have kept in part: every store whose declaration says so.
    public func forgetCancelledFrame() {
        for store in self where store.descriptor.dropsOnCancelledFrame { store.forget() }
    }
}

/// A table of entries kept by key; with a `limit`, all are dropped when one more would pass it (the entries a
/// session still uses are made again).
public struct KeptTable<Key: Hashable, Entry>: KeptValue {
    public private(set) var entries: [Key: Entry] = [:]
    public let limit: Int

    public init(limit: Int = .max) { self.limit = limit }

    public mutating func dropKept() { entries = [:] }

    public subscript(key: Key) -> Entry? {
        get { entries[key] }
        set {
            if newValue != nil && entries[key] == nil && entries.count >= limit { entries = [:] }
            entries[key] = newValue
        }
    }

    public mutating func removeValue(forKey key: Key) -> Entry? { entries.removeValue(forKey: key) }
}

/// Entries kept by name (a container slot, a drawing), as most session stores are.
public typealias KeptEntries<Entry> = KeptTable<String, Entry>

extension KeptStoreDescriptor {
    private final class Made: @unchecked Sendable {
        let lock = NSLock()
        var names: Set<String> = []
    }
    private static let made = Made()

    static func noteMade(_ d: KeptStoreDescriptor) {
        made.lock.withLock { _ = made.names.insert(d.name) }
    }

    /// The names of the stores made so far in this process, for the inventory test: each must be declared.
    package static var madeNames: Set<String> { made.lock.withLock { made.names } }
}
