import DocumentKit
import FoundationEssentials
import Glibc
import GlideTools
import Machinery
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
    /// session, `org.gnome.desktop.interface enable-animations` set to false.
    static func prefersReducedMotion(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        if let value = environment["GLIDE_REDUCED_MOTION"] { return value == "1" || value == "true" }
        return gnomeInterfaceSetting("enable-animations", environment: environment) == "false"
    }

    /// How much larger the desktop wants text: `GLIDE_TEXT_SCALE`, or, in a GNOME session,
    /// `org.gnome.desktop.interface text-scaling-factor` (Settings → Accessibility → Large
    /// Text sets 1.25); 1 where neither can be read or the value is not a positive number.
    static func textScalingFactor(environment: [String: String] = ProcessInfo.processInfo.environment) -> Double {
        let value = environment["GLIDE_TEXT_SCALE"] ?? gnomeInterfaceSetting("text-scaling-factor", environment: environment)
        guard let value, let factor = Double(value), factor.isFinite, factor > 0 else { return 1 }
        return factor
    }

    /// A key of `org.gnome.desktop.interface` as `gsettings` prints it, in a GNOME session
    /// where `gsettings` is installed (so no new library is needed); elsewhere no process is
    /// started and the answer is nil.
    static func gnomeInterfaceSetting(_ key: String, environment: [String: String]) -> String? {
        guard environment["XDG_CURRENT_DESKTOP"]?.uppercased().contains("GNOME") == true else { return nil }
        guard let gsettings = (["/usr/bin/gsettings", "/bin/gsettings"] as [String]).first(where: { path in access(path, X_OK) == 0 })
        else { return nil }
        return ProgramLauncher.output(of: [gsettings, "get", "org.gnome.desktop.interface", key], environment: environment)?
            .split(whereSeparator: \.isNewline).first.map(String.init)
    }
}
