import Foundation
import ToteApp

exit(ToteApplication().run())
