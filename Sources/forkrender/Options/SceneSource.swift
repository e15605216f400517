import SceneFormat
import Compose
import Output

extension SceneDecoder {
    /// The scene file, or the built-in showcase without one (render, sheet); an error in the showcase names it
    /// as its file, so that it reads like any other scene's.
    func decodeScene(file: String?) throws(SceneError) -> SceneDocument {
        if let file { return try decode(file: file) }
        return try decode(text: Showcase.json, named: Showcase.name)
    }
}
