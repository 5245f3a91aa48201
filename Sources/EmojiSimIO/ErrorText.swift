import Foundation

/// One readable line for an error thrown by Foundation. On Linux an NSError prints as a
/// dump (`Error Domain=NSCocoaErrorDomain Code=260 "(null)" UserInfo={...}`) and its
/// localizedDescription is often "The operation could not be completed"; this names
/// the cause instead (`no such file`, `permission denied`, `no space left on device`)
/// from the POSIX code underneath when there is one.
public enum ErrorText {
    /// Describes any error in one line for the CLI and the reports.
    ///
    /// - Parameter error: Any error; errors that are not Foundation's are printed with
    ///   their own `description`, unchanged.
    /// - Returns: A lowercase phrase for a Foundation or POSIX error (`no such file`), else
    ///   the error's own text. Never empty and never a multi-line dump.
    public static func describe(_ error: Error) -> String {
        // EmojiSim's own errors already print as one readable line.
        let foundation = error is CocoaError || error is POSIXError || type(of: error) is NSError.Type
        if !foundation { return "\(error)" }
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return posix(Int32(ns.code)) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return posix(Int32(underlying.code))
        }
        if ns.domain == NSCocoaErrorDomain {
            switch ns.code {
            case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return "no such file"
            case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "permission denied"
            case NSFileWriteOutOfSpaceError: return "no space left on device"
            case NSFileWriteVolumeReadOnlyError: return "read-only file system"
            case NSFileWriteFileExistsError: return "the file already exists"
            case NSFileReadTooLargeError: return "the file is too large"
            case NSFileReadCorruptFileError: return "the file is unreadable"
            case NSFileReadInapplicableStringEncodingError: return "the file is not valid text in the expected encoding"
            default: break
            }
        }
        if let debug = ns.userInfo["NSDebugDescription"] as? String, !debug.isEmpty { return debug }
        let text = ns.localizedDescription
        if !text.isEmpty, !text.contains("could not be completed") { return text }
        if let path = ns.userInfo[NSFilePathErrorKey] as? String { return "\(ns.domain) error \(ns.code) at \(path)" }
        return "\(ns.domain) error \(ns.code)"
    }

    static func posix(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
