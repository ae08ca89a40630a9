/// The component's texts by session language: `Translation.loadingProcessingText`, the default
/// label of the overlay bound to a payment session.
public struct Translation: Sendable, Equatable {
    /// ISO 639-1 code.
    public let languageCode: String
    /// The language's own name for itself.
    public let languageName: String
    /// The status line shown while a payment is processed; ends in "…" (U+2026).
    public let loadingProcessingText: String

    /// Every supported language, in the order `--list-languages` prints them.
    public static let all: [Translation] = [
        Translation(languageCode: "en", languageName: "English", loadingProcessingText: "Processing payment…"),
        Translation(languageCode: "cs", languageName: "Čeština", loadingProcessingText: "Zpracování platby…"),
        Translation(languageCode: "sk", languageName: "Slovenčina", loadingProcessingText: "Spracovanie platby…"),
        Translation(languageCode: "pl", languageName: "Polski", loadingProcessingText: "Przetwarzanie płatności…"),
        Translation(languageCode: "de", languageName: "Deutsch", loadingProcessingText: "Zahlung wird verarbeitet…"),
        Translation(languageCode: "hu", languageName: "Magyar", loadingProcessingText: "Fizetés feldolgozása…"),
        Translation(languageCode: "ro", languageName: "Română", loadingProcessingText: "Se procesează plata…"),
        Translation(languageCode: "sl", languageName: "Slovenščina", loadingProcessingText: "Obdelava plačila…"),
        Translation(languageCode: "hr", languageName: "Hrvatski", loadingProcessingText: "Obrada plaćanja…"),
        Translation(languageCode: "it", languageName: "Italiano", loadingProcessingText: "Elaborazione del pagamento…"),
        Translation(languageCode: "fr", languageName: "Français", loadingProcessingText: "Traitement du paiement…"),
        Translation(languageCode: "es", languageName: "Español", loadingProcessingText: "Procesando el pago…"),
        Translation(languageCode: "sv", languageName: "Svenska", loadingProcessingText: "Betalningen behandlas…"),
        Translation(languageCode: "no", languageName: "Norsk", loadingProcessingText: "Behandler betalingen…"),
    ]

    /// English, the default session language.
    public static let english = all[0]

    /// The translation for an ISO 639-1 code (case-insensitive; "nb" is Norwegian too), or nil.
    public static func forLanguage(_ code: String) -> Translation? {
        let code = code.lowercased() == "nb" ? "no" : code.lowercased()
        return all.first { $0.languageCode == code }
    }
}
