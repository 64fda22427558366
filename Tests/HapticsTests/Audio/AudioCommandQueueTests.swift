import Foundation
@_spi(HapticsTools) import Haptics
import Testing

@Suite("Audio command queue (single producer, single consumer, lock-free)")
struct AudioCommandQueueTests {
    @Test("first in, first out; refuses a push when full; capacity rounds up to a power of two")
    func fifoAndBounds() {
        let queue = AudioCommandQueue(minimumCapacity: 3)
        #expect(queue.capacity == 4)
        for id in UInt32(1)...4 { #expect(queue.push(.cut(id, at: Double(id)))) }
        #expect(!queue.push(.cut(5, at: 5)), "full")
        #expect(queue.count == 4)
        #expect(queue.pop()?.voiceID == 1)
        #expect(queue.push(.cut(6, at: 6)))
        var seen: [UInt32] = []
        while let command = queue.pop() { seen.append(command.voiceID) }
        #expect(seen == [2, 3, 4, 6])
        #expect(queue.pop() == nil)
    }

    @Test("a producer thread and a consumer thread: every command arrives once, in order, intact")
    func concurrentTransfer() async {
        let queue = AudioCommandQueue(minimumCapacity: 64)
        let total = 200_000
        let producer = Thread {
            var next = 0
            while next < total {
                var command = AudioCommand.parameters(UInt32(next), at: Double(next), AudioVoiceParameters(volume: 0.5))
                command.frame = Int64(next) * 3
                if queue.push(command) { next += 1 }
            }
        }
        producer.start()
        var received = 0
        var intact = true
        while received < total {
            guard let command = queue.pop() else { continue }
            if command.voiceID != UInt32(received) || command.time != Double(received)
                || command.frame != Int64(received) * 3 || command.parameters.volume != 0.5 {
                intact = false
            }
            received += 1
        }
        #expect(intact)
        #expect(received == total)
        #expect(queue.pop() == nil)
    }
}
