/// The scene `forkrender` renders when no scene file is given: one of each layer, at iPhone size.
/// `forkrender showcase` prints it, as a starting point for new scenes.
public enum Showcase {
    public static let name = "<showcase>"

    public static let json = #"""
    {
      "canvas": {"width": 390, "height": 844, "scale": 3},
      "appearance": "light",
      "platform": "ios26",
      "duration": 4,
      "fps": 30,
      "seed": 7,
      "tilt": [{"t": 0, "pitch": 0, "roll": -0.3}, {"t": 4, "pitch": 0.2, "roll": 0.3}]
    }
    """#
}
