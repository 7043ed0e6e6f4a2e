internal import Foundation

/// A recipe as the recipes API lists it.
public struct Recipe: Codable, Hashable, Sendable {
    public struct Ingredient: Codable, Hashable, Sendable {
        public var quantity: String
        public var name: String
        public var type: String
    }

    public var name: String
    public var ingredients: [Ingredient]
    public var steps: [String]
    /// Minutes per step.
    public var timers: [Int]
    public var imageURL: String
    public var originalURL: String
}

extension Recipe {
    /// What the recipes API serves (and `Fixtures/Systems/Recipes/` holds).
    public static let samples: [Recipe] = [
        Recipe(
            name: "Pot Roast",
            ingredients: [.init(quantity: "1", name: "beef roast", type: "Meat"), .init(quantity: "2", name: "onions", type: "Produce")],
            steps: ["Brown the roast.", "Slow-cook with the onions for 8 hours."], timers: [10, 480],
            imageURL: "https://recipes.example/images/pot-roast.jpg", originalURL: "https://recipes.example/pot-roast"),
        Recipe(
            name: "Lemon Tart",
            ingredients: [.init(quantity: "3", name: "lemons", type: "Produce"), .init(quantity: "1", name: "pastry shell", type: "Baking")],
            steps: ["Make the curd.", "Fill the shell and bake."], timers: [15, 25],
            imageURL: "https://recipes.example/images/lemon-tart.jpg", originalURL: "https://recipes.example/lemon-tart"),
    ]
}
