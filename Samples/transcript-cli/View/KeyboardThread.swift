import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the keyboard on a thread of its own and posts what it reads to an ``Inbox``, so the
/// main thread waits in one place for keys, resizes and signals alike.
enum KeyboardThread {
  /// Starts reading `fileDescriptor` (a terminal in raw mode) in the background.
  ///
  /// Posts `.input` per read and `.keyboardClosed` once at the end of input or on an error.
  static func start(reading fileDescriptor: Int32, into inbox: Inbox<ViewerMessage>) {
    DispatchQueue(label: "transcript.view.keyboard").async {
      var buffer = [UInt8](repeating: 0, count: 256)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
        if count > 0 {
          inbox.post(.input(Array(buffer[..<count])))
        } else if count < 0, errno == EINTR {
          continue
        } else {
          inbox.post(.keyboardClosed)
          return
        }
      }
    }
  }
}
