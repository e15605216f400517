import Raster

/// What the dot storage holds besides the dots: the grid and, per grid row, what the update kernel may skip.
struct DotGrid {
    let columns: Int
    let rows: Int
    /// columns x rows: the length of each of the twelve arrays.
    let count: Int
    let idle: Float
    /// Grid index of the first column, and the pitch: home x of column i is Float(firstColumn + i) x spacing.
    let firstColumn: Int
    let spacing: Float
    /// Per grid row: every dot exactly home with zero velocity / every dot at idle alpha with no tint.
    var rowRest: [Bool]
    var rowColorRest: [Bool]
    /// Per grid row: the largest |p - h| after the last update (points), which widens every source's reach.
    var rowDisplacement: [Float]
}

/// The dots' structure of arrays (x, y, vx, vy, hx, hy, alpha, tint weight, tint r, g, b, a) in one allocation
/// with the grid beside it, kept as swift-collections' Deque keeps its buffer: the memory is private and reached
/// only inside `withHandle { }`, through a `DotHandle` whose accessors assert every index in debug builds.
/// Nothing hands out a pointer that outlives the closure. (A class owning its buffer rather than a
/// `ManagedBuffer` subclass: ManagedBuffer is explicitly not Sendable, and a Plane crosses threads.)
///
/// Sharing: Plane is a value type that copies the storage before writing whenever it is shared
/// (`isKnownUniquelyReferenced`), so a storage being written is owned by one Plane; within an update, bands
/// of the update kernel write disjoint rows. That is why the class may be `@unchecked Sendable`.
final class DotStorage: @unchecked Sendable {
    /// Number of arrays of `count` floats.
    static let arrays = 12

    private var grid: DotGrid
    private let dots: UnsafeMutableBufferPointer<Float>

    private init(grid: DotGrid) {
        self.grid = grid
        dots = .allocate(capacity: grid.count * Self.arrays)
    }

    deinit { dots.deallocate() }

    /// A grid at rest: every dot home, still, at idle alpha and untinted.
    static func make(columns: Int, rows: Int, firstColumn: Int, firstRow: Int, spacing s: Float, idle: Float) -> DotStorage {
        let storage = DotStorage(grid: DotGrid(
            columns: columns, rows: rows, count: columns * rows, idle: idle, firstColumn: firstColumn, spacing: s,
            rowRest: Array(repeating: true, count: rows), rowColorRest: Array(repeating: true, count: rows),
            rowDisplacement: Array(repeating: 0, count: rows)))
        storage.dots.initialize(repeating: 0)
        storage.withHandle { h in
            for j in 0..<rows {
                for i in 0..<columns {
                    let n = j * columns + i
                    h.hx[n] = Float(firstColumn + i) * s
                    h.hy[n] = Float(firstRow + j) * s
                    h.x[n] = h.hx[n]
                    h.y[n] = h.hy[n]
                    h.alpha[n] = idle
                }
            }
        }
        return storage
    }

    /// An independent copy (copy on write).
    func copy() -> DotStorage {
        let storage = DotStorage(grid: grid)
        _ = storage.dots.initialize(fromContentsOf: dots)
        return storage
    }

    /// Runs `body` with the handle to the dots; the handle is valid only inside the closure.
    func withHandle<R>(_ body: (DotHandle) -> R) -> R {
        withUnsafeMutablePointer(to: &grid) { body(DotHandle(grid: $0, dots: dots.baseAddress!)) }
    }
}

/// The dots' arrays while a `DotStorage.withHandle` closure runs. Do not keep it past the closure.
struct DotHandle {
    private let grid: UnsafeMutablePointer<DotGrid>
    private let dots: UnsafeMutablePointer<Float>
    let columns: Int
    let rows: Int
    let count: Int

    init(grid: UnsafeMutablePointer<DotGrid>, dots: UnsafeMutablePointer<Float>) {
        self.grid = grid
        self.dots = dots
        columns = grid.pointee.columns
        rows = grid.pointee.rows
        count = grid.pointee.count
    }

    var idle: Float { grid.pointee.idle }
    var firstColumn: Int { grid.pointee.firstColumn }
    var spacing: Float { grid.pointee.spacing }

    /// Array `k` (0 ..< DotStorage.arrays) of the structure of arrays.
    @inline(__always)
    func array(_ k: Int) -> DotArray {
        assert(k >= 0 && k < DotStorage.arrays, "dot array \(k) out of range")
        return DotArray(start: dots + k * count, count: count)
    }

    var x: DotArray { array(0) }
    var y: DotArray { array(1) }
    var vx: DotArray { array(2) }
    var vy: DotArray { array(3) }
    var hx: DotArray { array(4) }
    var hy: DotArray { array(5) }
    var alpha: DotArray { array(6) }
    var weight: DotArray { array(7) }
    var tr: DotArray { array(8) }
    var tg: DotArray { array(9) }
    var tb: DotArray { array(10) }
    var ta: DotArray { array(11) }

    /// The per-row flags and displacements, as buffers (their subscripts are bounds-checked in debug builds).
    /// Bands of an update write disjoint rows of them.
    func withRows<R>(_ body: (UnsafeMutableBufferPointer<Bool>, UnsafeMutableBufferPointer<Bool>,
                              UnsafeMutableBufferPointer<Float>) -> R) -> R {
        grid.pointee.rowRest.withUnsafeMutableBufferPointer { rest in
            grid.pointee.rowColorRest.withUnsafeMutableBufferPointer { colorRest in
                grid.pointee.rowDisplacement.withUnsafeMutableBufferPointer { body(rest, colorRest, $0) }
            }
        }
    }

    /// The largest displacement of any row after the last update (points).
    var maxDisplacement: Float { grid.pointee.rowDisplacement.max() ?? 0 }

    func dot(_ n: Int) -> DotState {
        precondition(n >= 0 && n < count, "dot index out of range")
        return DotState(position: Point(x[n], y[n]), velocity: Point(vx[n], vy[n]), home: Point(hx[n], hy[n]),
                        alpha: alpha[n], tintWeight: weight[n], tint: Color(red: tr[n], green: tg[n], blue: tb[n], alpha: ta[n]))
    }

    /// Moves dot n off home and wakes its row.
    func place(_ n: Int, displacement: Point, velocity: Point) {
        precondition(n >= 0 && n < count, "dot index out of range")
        x[n] = hx[n] + displacement.x
        y[n] = hy[n] + displacement.y
        vx[n] = velocity.x
        vy[n] = velocity.y
        let row = n / columns
        grid.pointee.rowRest[row] = false
        grid.pointee.rowDisplacement[row] = max(grid.pointee.rowDisplacement[row], (displacement * displacement).sum().squareRoot())
    }

    /// x, y, vx, vy, alpha, tint weight and tint rgba of every dot, as bytes (the homes follow from the grid).
    func bytes() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count * 10 * 4)
        for k in [0, 1, 2, 3, 6, 7, 8, 9, 10, 11] {
            let a = array(k)
            for n in 0..<count { withUnsafeBytes(of: a[n].bitPattern) { out.append(contentsOf: $0) } }
        }
        return out
    }
}

/// One array of the dots, `count` floats. Every access asserts its index in debug builds; release builds
/// compile the asserts out, so the update kernel runs as it did on raw pointers.
struct DotArray {
    private let start: UnsafeMutablePointer<Float>
    let count: Int

    init(start: UnsafeMutablePointer<Float>, count: Int) {
        self.start = start
        self.count = count
    }

    subscript(n: Int) -> Float {
        @inline(__always) get {
            assert(n >= 0 && n < count, "dot index \(n) out of 0..<\(count)")
            return start[n]
        }
        @inline(__always) nonmutating set {
            assert(n >= 0 && n < count, "dot index \(n) out of 0..<\(count)")
            start[n] = newValue
        }
    }

    /// The same array seen from index n0 on (a row's dots from its first one).
    @inline(__always)
    func from(_ n0: Int) -> DotArray {
        assert(n0 >= 0 && n0 <= count, "dot index \(n0) out of 0...\(count)")
        return DotArray(start: start + n0, count: count - n0)
    }

    /// Eight consecutive values from index n.
    @inline(__always)
    func load8(_ n: Int) -> SIMD8<Float> {
        assert(n >= 0 && n + 8 <= count, "dots \(n)..<\(n + 8) out of 0..<\(count)")
        return UnsafeRawPointer(start + n).loadUnaligned(as: SIMD8<Float>.self)
    }

    /// Stores eight consecutive values from index n.
    @inline(__always)
    func store8(_ v: SIMD8<Float>, _ n: Int) {
        assert(n >= 0 && n + 8 <= count, "dots \(n)..<\(n + 8) out of 0..<\(count)")
        UnsafeMutableRawPointer(start + n).storeBytes(of: v, as: SIMD8<Float>.self)
    }
}
