/// The springs' differential equation, x'' = -w^2 x - 2 z w x', integrated from x = 1 at rest by semi-implicit
/// Euler at 0.01 ms: an independent computation of a unit step's remainder (error far below the tests' 1e-3).
struct DampedOscillator {
    let omega: Double, damping: Double
    private(set) var x = 1.0, velocity = 0.0, time = 0.0
    let step = 1e-5

    init(response: Double, damping: Double) {
        omega = 2 * Double.pi / response
        self.damping = damping
    }

    mutating func run(to t: Double) {
        while time < t - step / 2 {
            velocity += (-omega * omega * x - 2 * damping * omega * velocity) * step
            x += velocity * step
            time += step
        }
    }
}
