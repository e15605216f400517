/// At most `capacity` values by key, the least recently used evicted first, counting the values checked out.
///
/// A request takes its value out (`checkOut`), draws with it and puts it back (`checkIn`): a value checked out
/// is not in the set, so no eviction can tear it down under the request using it; it counts against the
/// capacity all the same, so what is kept and what is in use together stay within it (a request for a key
/// not kept evicts before its value is made). Put back, a value is the most recently used.
struct LeastRecentlyUsed<Key: Hashable, Value> {
    let capacity: Int
    private var values: [Key: Value] = [:]
    /// The keys of `values`, least recently used first.
    private var order: [Key] = []
    /// Values taken out and not yet put back.
    private(set) var checkedOut = 0
    /// Values made since the set was made (tests: an evicted key's value is made again).
    private(set) var made = 0

    init(capacity: Int) {
        precondition(capacity > 0, "a set of no values")
        self.capacity = capacity
    }

    /// The keys kept (not those checked out), least recently used first.
    var keys: [Key] { order }
    /// Values kept and checked out.
    var count: Int { values.count + checkedOut }

    /// Takes the value of `key` out, or, when none is kept, evicts the least recently used until there is room
    /// and makes one with `make` (nothing is taken out when it throws).
    mutating func checkOut<E: Error>(_ key: Key, make: () throws(E) -> Value) throws(E) -> Value {
        if let v = values.removeValue(forKey: key) {
            order.removeAll { $0 == key }
            checkedOut += 1
            return v
        }
        evict(toLeave: capacity - checkedOut - 1)
        let v = try make()
        made += 1
        checkedOut += 1
        return v
    }

    /// Puts a value taken out back as the most recently used (replacing one kept under its key meanwhile), and
    /// evicts beyond the capacity.
    mutating func checkIn(_ key: Key, _ value: Value) {
        precondition(checkedOut > 0, "a value put back that was not taken out")
        checkedOut -= 1
        order.removeAll { $0 == key }
        values[key] = value
        order.append(key)
        evict(toLeave: capacity - checkedOut)
    }

    /// The value of `key`, made with `make` when none is kept: checked out and put back at once.
    mutating func value<E: Error>(_ key: Key, make: () throws(E) -> Value) throws(E) -> Value {
        let v = try checkOut(key, make: make)
        checkIn(key, v)
        return v
    }

    /// Every kept value, for `body` to read (least recently used first).
    func forEach(_ body: (Key, Value) -> Void) {
        for k in order { body(k, values[k]!) }
    }

    /// Forgets every kept value (those checked out are put back into an empty set).
    mutating func removeAll() {
        values = [:]
        order = []
    }

    /// Evicts the least recently used until at most `kept` (none when it is under 0) are kept.
    private mutating func evict(toLeave kept: Int) {
        while values.count > max(0, kept), let oldest = order.first {
            order.removeFirst()
            values[oldest] = nil
        }
    }
}
