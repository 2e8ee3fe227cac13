import Foundation
import ScrollEngine

/// How the engine is tuned from the command line and the desktop's preferences.
enum ViewerSettings {
    /// The engine configuration for these options; with reduced motion the rubber band is off
    /// and springs settle about twice as fast (ω doubled, so the time constant halves).
    static func configuration(_ options: CommandLineOptions, reducedMotion: Bool) -> ScrollViewConfiguration {
        var configuration = ScrollViewConfiguration()
        configuration.decelerationRate = options.decelerationRate
        if reducedMotion {
            configuration.rubberBand.coefficient = 0
            configuration.springAngularFrequencyRadiansPerSecond *= 2
            configuration.zoomSpringAngularFrequencyRadiansPerSecond *= 2
            configuration.wheelStepDurationMilliseconds /= 2
            configuration.keyStepDurationMilliseconds /= 2
        }
        return configuration
    }

    /// Whether the user asked for less motion: `GLIDE_REDUCED_MOTION=1`, or, in a GNOME
    /// session, `org.gnome.desktop.interface enable-animations` set to false (read with
    /// `gsettings` when it is installed, so no new library is needed; elsewhere no process is
    /// started).
    static func prefersReducedMotion(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        if let value = environment["GLIDE_REDUCED_MOTION"] { return value == "1" || value == "true" }
        guard environment["XDG_CURRENT_DESKTOP"]?.uppercased().contains("GNOME") == true else { return false }
        guard let gsettings = ["/usr/bin/gsettings", "/bin/gsettings"].first(where: FileManager.default.isExecutableFile)
        else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: gsettings)
        process.arguments = ["get", "org.gnome.desktop.interface", "enable-animations"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return process.terminationStatus == 0 && answer.trimmingCharacters(in: .whitespacesAndNewlines) == "false"
    }
}
