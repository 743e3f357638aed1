// SPDX-License-Identifier: GPL-3.0-or-later
import CLibFuzzer
import Foundation

// SwiftPM links an executable with a main of its own, so libFuzzer's is not used: its driver
// is started here, and reads the command line as libFuzzer's main would.
var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
var argumentCount = CommandLine.argc
exit(LLVMFuzzerRunDriver(&argumentCount, &arguments, testOneInput))
