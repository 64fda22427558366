/// A JSON syntax error: what was expected, and the byte offset where reading stopped.
package struct JSONSyntaxError: Error {
    package var message: String
    package var offset: Int
    /// The document nests deeper than the reader's `maximumDepth`.
    package var isTooDeep = false
    // Made only by the reader (its memberwise init, internal; `isTooDeep` defaults to false).
}
