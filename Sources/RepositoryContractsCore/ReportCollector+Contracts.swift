extension ContractCase {
    /// Hands `result`, this case's outcome, to `collector` (the task's ``ReportCollector/current``, by
    /// default) for the CI reports, and returns it: the one call the test frameworks' glue makes on
    /// every way out.
    package func reported(_ result: ClauseResult, to collector: ReportCollector = .current) -> ClauseResult {
        collector.add(ReportEntry(result, contract: contractName, conformer: conformanceName, position: clausePosition))
        return result
    }
}

extension Contract {
    /// Hands every clause result of `report`, a run of this contract, to `collector` (the task's
    /// ``ReportCollector/current``, by default) for the CI reports, and returns it.
    package func reported(_ report: ConformanceReport, to collector: ReportCollector = .current) -> ConformanceReport {
        var positions: [String: Int] = [:]
        for (index, clause) in clauses.enumerated() where positions[clause.id] == nil {
            positions[clause.id] = index
        }
        collector.add(report.clauses.map { result in
            ReportEntry(result, contract: report.contract ?? name, conformer: report.name, position: positions[result.id])
        })
        return report
    }
}
