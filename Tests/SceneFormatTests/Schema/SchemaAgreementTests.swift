import Foundation
import Testing
import ChildProcess
@testable import SceneFormat
import Output

/// The schema editors use (scenes/scene.schema.json) and forkrender's decoder give the same verdict on every
/// one-mutation scene `scripts/schema-mutants.py` makes: out-of-range numbers, missing and extra keys, wrong
/// types, array sizes, pairings, colours, keys of another item kind, and the boundary cases of every bound and
/// cap. The validator is PyPI's `jsonschema` (an implementation that shares nothing with the decoder); the
/// decoder is the real one, with the real resolver, over the scene's own folder.
///
/// The only disagreements allowed are the decoder's checks JSON Schema cannot state, each named below and in
/// docs/scene-format.md ("What the schema cannot say"): the schema accepts, the decoder refuses with one of
/// these messages. A disagreement prints the scene, the change and both verdicts, so a key added on one side
/// only is named.
@Suite struct SchemaAgreementTests {
    struct Mutant: Decodable {
        var scene: String
        var kind: String
        var change: String
        var text: String
        var schema: String
    }

    /// The decoder's semantic checks, by the words of their messages: what the scene means, not its shape. Kept
    /// narrow on purpose: an array over its cap ("65 elements, over the limit of 64") is shape, which the schema
    /// states, so "over the limit" alone is no reason to disagree.
    static let semantic: [(check: String, words: [String])] = [
        ("time order", ["increasing time order", "expected a time within the scene", "a release needs", "after the one before", "before it has finished appearing"]),
        ("references", ["no glass panel has id", "no container"]),
        ("files", ["does not exist", "cannot be read"]),
        ("budgets", ["smaller than one pixel", "megapixels (raise it with --max-megapixels)", "rendering needs about", "the plane holds",
                     "schedule more than", "per label", "characters at", "the symbol covers", "the scene's symbol"]),
        ("geometry", ["min <= max", "square frame", "half its shorter side", "is not inside its parent"]),
        ("glass rules", ["glass layers overlap"]),
    ]

    static func semanticCheck(_ message: String) -> String? {
        semantic.first { $0.words.contains(where: message.contains) }?.check
    }

    @Test(.enabled(if: DevTool.python(importing: "jsonschema") != nil,
                   "\(DevTool.missing("python3 with jsonschema", package: "PyPI jsonschema"))"))
    func schemaAndDecoderAgreeOnEveryMutant() throws {
        let mutants = try Self.mutants()
        #expect(mutants.count >= 300, "only \(mutants.count) mutants")
        let scenes = ChildProcess.packageRoot.appendingPathComponent("scenes").path
        var decoder = SceneDecoder()
        decoder.directory = scenes
        var disagreements: [String] = [], bySemantic: [String: Int] = [:], refused = 0
        for m in mutants {
            var decoderError: SceneError?
            do { _ = try decoder.decode(text: m.text) } catch { decoderError = error }
            if decoderError != nil || m.schema != "ok" { refused += 1 }
            switch (m.schema == "ok", decoderError) {
            case (true, nil), (false, _?): continue
            case (true, let e?):
                if let check = Self.semanticCheck(e.message) {
                    bySemantic[check, default: 0] += 1
                    print("schema agreement: allowed (\(check)): \(m.scene) [\(m.kind)] \(m.change): \(e.path): \(e.message)")
                    continue
                }
                disagreements.append("\(m.scene) [\(m.kind)] \(m.change): schema accepts, decoder refuses: \(e.path): \(e.message)")
            case (false, nil):
                disagreements.append("\(m.scene) [\(m.kind)] \(m.change): schema refuses (\(m.schema)), decoder accepts")
            }
        }
        print("schema agreement: \(mutants.count) mutants, \(refused) refused by either, \(disagreements.count) disagree; semantic-only refusals: \(bySemantic.sorted { $0.key < $1.key })")
        #expect(disagreements.isEmpty, "\(disagreements.count) of \(mutants.count) mutants disagree:\n\(disagreements.joined(separator: "\n"))")
    }

    /// The mutants and the schema's verdicts, from the seeded generator.
    static func mutants() throws -> [Mutant] {
        let python = DevTool.python(importing: "jsonschema")!
        let script = ChildProcess.packageRoot.appendingPathComponent("scripts/schema-mutants.py").path
        let r = try ChildProcess.run(URL(fileURLWithPath: python), [script, "--seed", "56"], timeout: 600)
        guard r.status == 0 else { throw SceneError(path: "", location: nil, message: "schema-mutants.py failed: \(r.err)") }
        return try r.out.split(separator: "\n").map { try JSONDecoder().decode(Mutant.self, from: Data($0.utf8)) }
    }
}

/// The schema's bounds, caps and item kinds read from the decoder's own tables (`SceneLimits`, `Tilt`,
/// `ContentKinds`): a limit changed on one side fails here, naming the schema location.
@Suite struct SchemaTableTests {
    /// The schema, read again each time (a small file; a `static let` of `Any` is not Sendable).
    static var schema: [String: Any] {
        let url = ChildProcess.packageRoot.appendingPathComponent("scenes/scene.schema.json")
        return (try? JSONSerialization.jsonObject(with: Data(contentsOf: url))) as? [String: Any] ?? [:]
    }

    /// The value at a JSON pointer ("/$defs/length/maximum") of the schema.
    static func at(_ pointer: String) -> Any? {
        var node: Any? = schema
        for part in pointer.split(separator: "/") {
            if let o = node as? [String: Any] { node = o[String(part)] } else if let a = node as? [Any], let i = Int(part), i < a.count { node = a[i] } else { return nil }
        }
        return node
    }

    static let bounds: [(String, Double)] = [
        ("/$defs/coordinate/maximum", SceneLimits.coordinate), ("/$defs/coordinate/minimum", -SceneLimits.coordinate),
        ("/$defs/length/maximum", SceneLimits.length), ("/$defs/lengthOrZero/maximum", SceneLimits.length),
        ("/$defs/seconds/maximum", SceneLimits.duration), ("/$defs/angle/maximum", Tilt.maximumAngle),
        ("/$defs/angle/minimum", -Tilt.maximumAngle), ("/properties/canvas/properties/scale/maximum", SceneLimits.scale),
        ("/properties/check/properties/scale/maximum", SceneLimits.scale),
        ("/properties/glass/maxItems", Double(SceneLimits.glassPanels)), ("/properties/content/maxItems", Double(SceneLimits.contentItems)),
        ("/properties/events/maxItems", Double(SceneLimits.arrayElements)), ("/properties/tilt/maxItems", Double(SceneLimits.arrayElements)),
        ("/$defs/plane/properties/ambient/properties/interval/items/minimum", SceneLimits.ambientInterval),
        ("/$defs/plane/properties/spacing/maximum", SceneLimits.length),
        ("/$defs/contentItem/properties/viewBox/prefixItems/2/minimum", SceneLimits.viewBoxSide),
        ("/$defs/glassContainer/properties/spacing/maximum", SceneLimits.containerSpacing),
        ("/$defs/event/properties/life/maximum", SceneLimits.effectLife),
        ("/$defs/plane/properties/backdrop/properties/start/maximum", SceneLimits.videoDuration),
        ("/properties/check/properties/regions/maxItems", Double(SceneLimits.checkRegions)),
        ("/properties/check/properties/cluster/properties/window/maximum", Double(SceneLimits.clusterWindow)),
        ("/properties/check/properties/frames/items/maximum", Double(SceneLimits.frames)),
    ]

    @Test func boundsAreTheDecoderLimits() {
        for (pointer, value) in Self.bounds {
            #expect((Self.at(pointer) as? NSNumber)?.doubleValue == value, "\(pointer) is \(String(describing: Self.at(pointer))), the decoder's \(value)")
        }
    }

    /// Every number has both bounds within `SceneLimits.magnitude` and every array a cap within
    /// `SceneLimits.arrayElements`: the net the decoder puts under every field.
    @Test func everyNumberAndArrayIsBounded() {
        var loose: [String] = []
        func walk(_ node: Any, _ path: String) {
            if let o = node as? [String: Any] {
                let bound = { (keys: [String]) in keys.compactMap { (o[$0] as? NSNumber)?.doubleValue }.first }
                if o["type"] as? String == "number" {
                    let high = bound(["maximum", "exclusiveMaximum"]), low = bound(["minimum", "exclusiveMinimum"])
                    if high == nil || low == nil || high! > SceneLimits.magnitude || low! < -SceneLimits.magnitude { loose.append(path) }
                }
                if o["type"] as? String == "array", ((o["maxItems"] as? NSNumber)?.intValue ?? .max) > SceneLimits.arrayElements { loose.append(path) }
                for (k, v) in o { walk(v, "\(path)/\(k)") }
            } else if let a = node as? [Any] {
                for (i, v) in a.enumerated() { walk(v, "\(path)/\(i)") }
            }
        }
        walk(Self.schema, "")
        #expect(loose.isEmpty, "unbounded in the schema: \(loose.sorted())")
    }

    /// Each content kind's keys in the schema are `ContentKinds`'.
    @Test func contentKindsAreTheDecoders() {
        let names = ["text": "contentLabel", "symbol": "contentSymbol", "fill": "contentFill", "separator": "contentSeparator"]
        for kind in ContentKinds.kinds {
            let listed = Self.at("/$defs/\(names[kind.key]!)/propertyNames/enum") as? [String] ?? []
            #expect(Set(listed) == Set(ContentKinds.common + kind.keys), "\(kind.name): schema \(listed.sorted()), decoder \((ContentKinds.common + kind.keys).sorted())")
        }
        let all = (Self.at("/$defs/contentItem/properties") as? [String: Any]).map { Set($0.keys) } ?? []
        #expect(all == Set(ContentKinds.allKeys), "contentItem's properties differ from the decoder's keys: \(all.symmetricDifference(ContentKinds.allKeys).sorted())")
    }
}
