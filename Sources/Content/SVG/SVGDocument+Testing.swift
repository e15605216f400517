extension SVGDocument {
    /// `checkingReferences: false` skips `SVGReferencePolicy`, for tests that show librsvg itself loads nothing;
    /// `budget` replaces `SVGBudget.standard` (nil: not measured, for tests of librsvg's own limits). The checks
    /// run in `init(text:)`'s order.
    convenience init(text: String, checkingReferences: Bool, budget: SVGBudget? = .standard) throws(SVGDocumentError) {
        if checkingReferences && text.contains("<!ENTITY") { try SVGReferencePolicy.check(text) }
        let cost = try budget.map { b throws(SVGDocumentError) in try Self.cost(of: text, within: b) } ?? SVGCost()
        if checkingReferences { try SVGReferencePolicy.check(text) }
        try self.init(opening: text, cost: cost)
    }
}
