/// camelCase ⇄ snake_case for `KeyValueEncoder.KeyEncodingStrategy.convertToSnakeCase` and its decoding twin.
enum SnakeCase {
    /// `firstName` → `first_name`; a run of capitals is one word (`profileURL` → `profile_url`,
    /// `relNODESLink` → `rel_nodes_link`).
    static func convert(_ key: String) -> String {
        let characters = Array(key)
        var words: [String] = []
        var word = ""
        for (index, character) in characters.enumerated() {
            let previous = index > 0 ? characters[index - 1] : nil
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if character.isUppercase, let previous, !word.isEmpty {
                // A capital starts a word after a lower-case letter or digit, or when it is the
                // last capital of a run that a lower-case letter follows ("NODESLink" → "NODES", "Link").
                let afterLower = previous.isLowercase || previous.isNumber
                let endsRun = previous.isUppercase && (next?.isLowercase ?? false)
                if afterLower || endsRun {
                    words.append(word)
                    word = ""
                }
            }
            word.append(character)
        }
        if !word.isEmpty { words.append(word) }
        return words.map { $0.lowercased() }.joined(separator: "_")
    }
}
