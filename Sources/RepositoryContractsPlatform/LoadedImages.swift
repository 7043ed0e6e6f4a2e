#if canImport(Darwin)
import Darwin
#endif

/// The paths of the images (executables, libraries, bundles' code) the dynamic loader has loaded into
/// this process, as dyld lists them; empty where the system keeps no such list for us (Linux).
package func loadedImagePaths() -> [String] {
    #if canImport(Darwin)
        (0..<_dyld_image_count()).compactMap { index in
            _dyld_get_image_name(index).map { String(cString: $0) }
        }
    #else
        []
    #endif
}
