import Scene

extension SceneDecoder {
    /// The scene file, or the built-in showcase without one (render, sheet); an error in the showcase names it
    /// as its file, so that it reads like any other scene's.
    func decodeScene(file: String?) throws(SceneError) -> SceneDocument {
        if let file { return try decode(file: file) }
        return try Self.naming(Showcase.name) { () throws(SceneError) in try decode(text: Showcase.json) }
    }

    /// Runs `body`, giving a SceneError it throws the file it came from (text decoded without a path).
    static func naming<T>(_ file: String, _ body: () throws(SceneError) -> T) throws(SceneError) -> T {
        do {
            return try body()
        } catch {
            var e = error
            e.file = file
            throw e
        }
    }
}
