// The generic contract engine (clauses, contracts, conformances, the runner, reports, the watchdog) is a
// module of its own below this one; whoever imports the repository terms gets it too.
@_exported public import RepositoryContractsCore
