import ContractEngine

/// A concurrent run as a recipe: the steps made one after another first, then the steps of each task,
/// the tasks started together. The steps are ``PlannedStep``s, replayed as the sequential run replays them;
/// a task's step draws seen values from the prefix's results only (the tasks' order is unknown).
struct ConcurrentPlan: Sendable, Hashable {
    var prefix: [PlannedStep]
    var tasks: [[PlannedStep]]

    /// How many steps the plan has, the prefix's and every task's.
    var stepCount: Int { prefix.count + tasks.reduce(0) { $0 + $1.count } }

    /// The smaller plans shrinking tries, in order: one step fewer (``oneStepSmaller``), then one step
    /// fewer in each of two tasks (``twoTasksShorter``).
    var smaller: [ConcurrentPlan] { oneStepSmaller + twoTasksShorter }

    /// The plans with one step fewer: each prefix step dropped in turn, then each task's steps.
    var oneStepSmaller: [ConcurrentPlan] {
        var smaller: [ConcurrentPlan] = []
        for index in prefix.indices {
            var candidate = self
            candidate.prefix.remove(at: index)
            smaller.append(candidate)
        }
        for task in tasks.indices {
            for index in tasks[task].indices {
                var candidate = self
                candidate.tasks[task].remove(at: index)
                smaller.append(candidate)
            }
        }
        return smaller
    }

    /// The plans with one step fewer in each of two tasks. A race often needs its calls at the same
    /// distance from the tasks' start: dropping a step of one task only shifts them apart, dropping one of
    /// each keeps them together.
    var twoTasksShorter: [ConcurrentPlan] {
        var shorter: [ConcurrentPlan] = []
        for first in tasks.indices {
            for second in tasks.indices where second > first {
                for i in tasks[first].indices {
                    for j in tasks[second].indices {
                        var candidate = self
                        candidate.tasks[first].remove(at: i)
                        candidate.tasks[second].remove(at: j)
                        shorter.append(candidate)
                    }
                }
            }
        }
        return shorter
    }
}

extension ConcurrentPlan {
    /// The plans with one step replaced by one of its simpler `forms` (its choices simplified), for each
    /// step in turn: the prefix's first, then each task's.
    func withOneStepSimpler(_ forms: (PlannedStep) -> [PlannedStep]) -> [ConcurrentPlan] {
        var simpler: [ConcurrentPlan] = []
        for index in prefix.indices {
            for form in forms(prefix[index]) {
                var candidate = self
                candidate.prefix[index] = form
                simpler.append(candidate)
            }
        }
        for task in tasks.indices {
            for index in tasks[task].indices {
                for form in forms(tasks[task][index]) {
                    var candidate = self
                    candidate.tasks[task][index] = form
                    simpler.append(candidate)
                }
            }
        }
        return simpler
    }
}

/// The shape of the plans a concurrent check draws: how many prefix steps, how many tasks, how many steps
/// each task makes.
struct ConcurrentShape: Sendable {
    var prefixSteps: ClosedRange<Int>
    var tasks: Int
    var taskSteps: ClosedRange<Int>

    /// How many steps to draw from `range`, a count of `generator`.
    static func count(in range: ClosedRange<Int>, using generator: inout SplitMix64) -> Int {
        range.lowerBound + generator.bounded(range.count)
    }
}
