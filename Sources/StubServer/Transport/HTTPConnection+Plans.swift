import Foundation

/// Carrying out plans: responses, faults and deferred plans.
extension HTTPConnection {
    /// Carries out a plan; `true` when the connection stays open for another request.
    func carryOut(_ plan: ResponsePlan, for head: RequestHead) -> Bool {
        var plan = plan
        while true {
            switch plan {
            case .respond(let response):
                return respond(with: response, to: head)
            case .fault(let fault):
                perform(fault, for: head)
                return false
            case .deferred(let decide):
                let wait = DeferredPlanWait()
                guard slot.attach(wait) else { return false }
                wait.start(decide)
                let decided = wait.wait()
                slot.detachDeferredPlan()
                guard let decided else { return false }
                plan = decided
            }
        }
    }

    private func respond(with response: StubResponse, to head: RequestHead) -> Bool {
        let response = ResponseSerializer.sendable(response)
        let closing =
            !head.keepAlive || response.status < 200 || slot.isStopRequested || Self.asksToClose(response.headers)
        let allowsBody = ResponseSerializer.statusAllowsBody(response.status)
        output.removeAll(keepingCapacity: true)
        ResponseSerializer.appendHead(
            of: response, contentLength: allowsBody ? response.body.count : nil,
            connection: closing ? .close : head.minorVersion == 0 ? .keepAlive : .none, into: &output)
        let sendsBody = allowsBody && !head.isHead && !response.body.isEmpty
        let sent: Bool
        if sendsBody && response.body.count > Self.copiedBodyLimit {
            sent = response.body.withUnsafeBytes { body in output.withUnsafeBytes { write($0, body) } }
        } else {
            if sendsBody { response.body.withUnsafeBytes { output.append(contentsOf: $0) } }
            sent = output.withUnsafeBytes { write($0, UnsafeRawBufferPointer(start: nil, count: 0)) }
        }
        guard sent else { return false }
        if closing {
            closeGracefully()
            return false
        }
        return true
    }

    /// Whether the response's own `Connection` field says `close`.
    private static func asksToClose(_ headers: HTTPHeaders) -> Bool {
        headers.fields.contains { field in
            field.name.equalsIgnoringASCIICase("connection")
                && field.value.split(separator: ",").contains {
                    String($0).trimmingCharacters(in: .whitespaces).equalsIgnoringASCIICase("close")
                }
        }
    }

    private func perform(_ fault: ConnectionFault, for head: RequestHead) {
        switch fault {
        case .connectionReset:
            Platform.setResetOnClose(descriptor)
        case .closeWithoutReply:
            closeGracefully()
        case .malformedResponse(let bytes):
            _ = bytes.withUnsafeBytes { write($0, UnsafeRawBufferPointer(start: nil, count: 0)) }
            closeGracefully()
        case .truncatedBody(let response, let keepingBytes):
            let response = ResponseSerializer.sendable(response)
            let allowsBody = ResponseSerializer.statusAllowsBody(response.status)
            output.removeAll(keepingCapacity: true)
            ResponseSerializer.appendHead(
                of: response, contentLength: allowsBody ? response.body.count : nil,
                connection: head.minorVersion == 0 && head.keepAlive ? .keepAlive : .none, into: &output)
            let kept = allowsBody && !head.isHead ? min(max(keepingBytes, 0), response.body.count) : 0
            _ = response.body.withUnsafeBytes { body in
                output.withUnsafeBytes { write($0, UnsafeRawBufferPointer(rebasing: body[0..<kept])) }
            }
            closeGracefully()
        case .neverRespond:
            setReceiveTimeout(Self.noTimeout)
            while receive(minimumFree: Self.readChunk) == .bytes { input.consumeAll() }
        }
    }

    /// Answers a request the server refuses, then closes.
    func refuse(status: Int, message: String) {
        output.removeAll(keepingCapacity: true)
        ResponseSerializer.appendErrorResponse(status: status, message: message, into: &output)
        if output.withUnsafeBytes({ write($0, UnsafeRawBufferPointer(start: nil, count: 0)) }) {
            closeGracefully()
        }
    }
}
