import Synchronization

/// The renders each open page has asked for, so that an edit cancels the renders of the edits
/// before it. The page names itself (`view=`, a random id made when it loads) and numbers its
/// renders (`render=1, 2, …`, one number for the still, the loop and the checks of one edit).
/// A request whose number is below the newest its page has sent is superseded: it is refused
/// before its work starts, and a loop stops between two frames. Requests without both (a
/// download link, a script) are never superseded. The newest number of the last `capacity`
/// pages is kept.
final class StudioRenders: Sendable {
    static let capacity = 64

    /// A page's render: its page and its number.
    struct Ticket: Sendable {
        let view: String
        let number: Int
    }

    private let newest = Mutex<[(view: String, number: Int)]>([])

    /// The ticket of `request` (nil without a view and a number), its number now the newest of
    /// its page unless a newer one came first.
    func begin(_ request: HTTPRequest) -> Ticket? {
        guard let view = request.value("view"), !view.isEmpty, view.utf8.count <= 64,
            let number = request.value("render").flatMap({ Int($0) })
        else { return nil }
        newest.withLock { list in
            if let i = list.firstIndex(where: { $0.view == view }) {
                let entry = list.remove(at: i)
                list.append((view, max(entry.number, number)))
            } else {
                list.append((view, number))
                if list.count > StudioRenders.capacity { list.removeFirst() }
            }
        }
        return Ticket(view: view, number: number)
    }

    /// Whether a newer render of `ticket`'s page has been asked for.
    func superseded(_ ticket: Ticket?) -> Bool {
        guard let ticket else { return false }
        return newest.withLock { list in
            list.first { $0.view == ticket.view }.map { $0.number > ticket.number } ?? false
        }
    }
}

/// A render given up because its page asked for a newer one.
struct Superseded: Error {}
