/// A radix-2 FFT of real input of one fixed size, giving magnitudes (internal to the analysis).
///
/// The `size` real samples are packed as `size / 2` complex values, transformed with an iterative
/// in-place radix-2 FFT and unpacked into the `size / 2 + 1` bins of the real spectrum. Tables
/// (twiddles, bit reversal) are built once in `init` (allocates); `magnitudes(of:into:)` does not
/// allocate: it works in the two scratch buffers the instance owns, so one instance serves one
/// thread. Cost: O(size log size) per call.
final class RealFFT {
    /// Number of real input samples: a power of two, 4...65,536.
    let size: Int
    /// Complex points of the inner transform: `size / 2`.
    private let half: Int
    private let cosine: UnsafeMutableBufferPointer<Double>        // cos(2πj/half), j < half/2
    private let sine: UnsafeMutableBufferPointer<Double>          // sin(2πj/half)
    private let unpackCosine: UnsafeMutableBufferPointer<Double>  // cos(2πk/size), k <= half
    private let unpackSine: UnsafeMutableBufferPointer<Double>
    private let bitReversed: UnsafeMutableBufferPointer<Int>
    private let real: UnsafeMutableBufferPointer<Double>
    private let imaginary: UnsafeMutableBufferPointer<Double>

    /// - Precondition: `size` is a power of two in 4...65,536.
    init(size: Int) {
        precondition(size >= 4 && size <= 65_536 && size & (size - 1) == 0, "RealFFT needs a power of two in 4...65536")
        self.size = size
        half = size / 2
        cosine = .allocate(capacity: max(half / 2, 1))
        sine = .allocate(capacity: max(half / 2, 1))
        for j in 0..<max(half / 2, 1) {
            let angle = 2 * Double.pi * Double(j) / Double(half)
            cosine[j] = CMath.cos(angle)
            sine[j] = CMath.sin(angle)
        }
        unpackCosine = .allocate(capacity: half + 1)
        unpackSine = .allocate(capacity: half + 1)
        for k in 0...half {
            let angle = 2 * Double.pi * Double(k) / Double(size)
            unpackCosine[k] = CMath.cos(angle)
            unpackSine[k] = CMath.sin(angle)
        }
        bitReversed = .allocate(capacity: half)
        var bits = 0
        while 1 << bits < half { bits += 1 }
        for i in 0..<half {
            var reversed = 0
            for b in 0..<bits where i & (1 << b) != 0 { reversed |= 1 << (bits - 1 - b) }
            bitReversed[i] = reversed
        }
        real = .allocate(capacity: half)
        imaginary = .allocate(capacity: half)
        real.initialize(repeating: 0)
        imaginary.initialize(repeating: 0)
    }

    deinit {
        cosine.deallocate()
        sine.deallocate()
        unpackCosine.deallocate()
        unpackSine.deallocate()
        bitReversed.deallocate()
        real.deallocate()
        imaginary.deallocate()
    }

    /// The magnitude |X[k]| of bins k = 0...size/2 of the DFT of `input[0..<size]` (no scaling:
    /// a full-scale sine under a Hann window peaks near size/4), written to `magnitudes[0...size/2]`.
    /// No allocation.
    func magnitudes(of input: UnsafePointer<Double>, into magnitudes: UnsafeMutablePointer<Double>) {
        transform(input)
        let re = real.baseAddress!, im = imaginary.baseAddress!
        // Z = FFT of z[n] = x[2n] + i x[2n+1]; X[k] = E[k] + e^{-2πik/N} O[k], with
        // E[k] = (Z[k] + conj Z[M-k]) / 2 and O[k] = (Z[k] - conj Z[M-k]) / 2i.
        magnitudes[0] = abs(re[0] + im[0])
        magnitudes[half] = abs(re[0] - im[0])
        for k in 1..<half {
            let ar = re[k], ai = im[k]
            let br = re[half - k], bi = -im[half - k]          // conj Z[M-k]
            let er = 0.5 * (ar + br), ei = 0.5 * (ai + bi)
            let dr = 0.5 * (ar - br), di = 0.5 * (ai - bi)     // (Z - conj)/2; divide by i: (di, -dr)
            let orr = di, oi = -dr
            let c = unpackCosine[k], s = -unpackSine[k]         // e^{-iθ}
            let tr = c * orr - s * oi, ti = c * oi + s * orr
            let xr = er + tr, xi = ei + ti
            magnitudes[k] = (xr * xr + xi * xi).squareRoot()
        }
    }

    private func transform(_ input: UnsafePointer<Double>) {
        let re = real.baseAddress!, im = imaginary.baseAddress!
        for i in 0..<half {
            let j = bitReversed[i]
            re[j] = input[2 * i]
            im[j] = input[2 * i + 1]
        }
        var length = 2
        while length <= half {
            let step = half / length
            let halfLength = length / 2
            var start = 0
            while start < half {
                var twiddle = 0
                for offset in 0..<halfLength {
                    let wr = cosine[twiddle], wi = -sine[twiddle]
                    let a = start + offset, b = a + halfLength
                    let tr = wr * re[b] - wi * im[b]
                    let ti = wr * im[b] + wi * re[b]
                    re[b] = re[a] - tr
                    im[b] = im[a] - ti
                    re[a] += tr
                    im[a] += ti
                    twiddle += step
                }
                start += length
            }
            length *= 2
        }
    }
}
