enum PreviewPage { static let html = "<!doctype html><title>forkrender preview</title>" }
