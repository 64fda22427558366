/// A JSON syntax error: what was expected, and the byte offset where reading stopped.
package struct JSONSyntaxError: Error {
    package var message: String
    package var offset: Int
    /// The document nests deeper than the reader's `maximumDepth`.
    package var isTooDeep = false

    package init(message: String, offset: Int, isTooDeep: Bool = false) {
        self.message = message
        self.offset = offset
        self.isTooDeep = isTooDeep
    }
}
