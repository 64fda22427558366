import Benchmark
import Foundation
@_spi(HapticsTools) import Haptics

/// Decoding the whole AHAP corpus: `AHAPDecoder` against a plain `JSONSerialization` parse of
/// the same bytes, the floor any JSON-based decoder stands on.
///
/// One iteration decodes every file of the corpus once, so wall clock is time per full-corpus
/// decode and throughput is full-corpus decodes per second. The files are read into memory
/// when the benchmarks are registered, outside any measurement. The target is
/// `AHAPDecoder` <= 2x `JSONSerialization`; Benchmarks/README.md has the figures.
let benchmarks: @Sendable () -> Void = {
    let corpus = BenchmarkCorpus.load()

    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        warmupIterations: 3,
        maxDuration: .seconds(5),
        maxIterations: 1_000
    )

    let tags = ["files": "\(corpus.files.count)", "bytes": "\(corpus.byteCount)"]

    Benchmark("AHAPDecoder.decode, whole corpus", configuration: .init(tags: tags)) { benchmark in
        let decoder = AHAPDecoder()
        for _ in benchmark.scaledIterations {
            for file in corpus.files {
                blackHole(try decoder.decode(file.bytes))
            }
        }
    }

    Benchmark("JSONSerialization.jsonObject, whole corpus", configuration: .init(tags: tags)) { benchmark in
        for _ in benchmark.scaledIterations {
            for file in corpus.files {
                blackHole(try JSONSerialization.jsonObject(with: file.data))
            }
        }
    }
}
