import Testing
import ContractEngine
import StandardContracts
import TodoExample

@Test func probeInMemory() async throws {
    let contract = Contract.crud(factory: ExampleContracts.todoFactory)
    let report = await contract.report(on: ExampleContracts.inMemory)
    for c in report.clauses { print(c.status, c.id, c.message ?? "") }
}

@Test func probeSeed() async throws {
    let contract = Contract.crud(factory: ExampleContracts.seedTodoFactory)
    let report = await contract.report(on: ExampleContracts.seedPort, skipping: ["delete.lastLeavesEmpty"])
    for c in report.clauses where c.status != .passed { print(c.status, c.id, c.message ?? "") }
}
