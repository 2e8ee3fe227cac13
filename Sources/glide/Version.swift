/// The release this build belongs to (kept in step with CHANGELOG.md).
let glideVersion = "0.1.0-dev"
