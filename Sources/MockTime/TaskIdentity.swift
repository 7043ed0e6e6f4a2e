/// The running task's identity, stable while it lives: how the clock follows a woken task to its next
/// sleep or its end. `nil` outside a task.
func currentTaskIdentity() -> Int? {
    withUnsafeCurrentTask { task in task?.hashValue }
}
