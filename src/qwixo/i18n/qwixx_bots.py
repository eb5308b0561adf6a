"""Texts of the Qwixx bots, hints and the ``qwixo qwixx bench`` / ``hint`` commands."""

TEXTS: dict[str, dict[str, str]] = {
    "qwixx_hint_line": {
        "en": "{rank}. {option:<6} win {win}%  (mean score {score}, margin {margin})",
        "tr": "{rank}. {option:<6} kazanma %{win}  (ortalama puan {score}, fark {margin})",
        "it": "{rank}. {option:<6} vittoria {win}%  (punteggio medio {score}, scarto {margin})",
        "pl": "{rank}. {option:<6} wygrana {win}%  (średni wynik {score}, przewaga {margin})",
    },
    "qwixx_hint_line_solo": {
        "en": "{rank}. {option:<6} expected score {score}",
        "tr": "{rank}. {option:<6} beklenen puan {score}",
        "it": "{rank}. {option:<6} punteggio atteso {score}",
        "pl": "{rank}. {option:<6} oczekiwany wynik {score}",
    },
    "qwixx_hint_then": {
        "en": "— then {option} in action 2",
        "tr": "— ardından 2. eylemde {option}",
        "it": "— poi {option} nell'azione 2",
        "pl": "— potem {option} w akcji 2",
    },
    "qwixx_hint_nothing": {
        "en": "Player {player} has nothing to decide now.",
        "tr": "{player} numaralı oyuncunun şu anda vereceği bir karar yok.",
        "it": "Il giocatore {player} ora non deve decidere nulla.",
        "pl": "Gracz {player} nie ma teraz nic do zdecydowania.",
    },
    "qwixx_hint_header": {
        "en": "Player {player}, {phase}, dice {dice}: options, best first",
        "tr": "{player} numaralı oyuncu, {phase}, zarlar {dice}: seçenekler, en iyisi önce",
        "it": "Giocatore {player}, {phase}, dadi {dice}: opzioni, la migliore per prima",
        "pl": "Gracz {player}, {phase}, kości {dice}: opcje, najlepsza najpierw",
    },
    "qwixx_phase_action1": {
        "en": "action 1 (white sum)",
        "tr": "1. eylem (beyaz zarların toplamı)",
        "it": "azione 1 (somma dei bianchi)",
        "pl": "akcja 1 (suma białych kości)",
    },
    "qwixx_phase_action2": {
        "en": "action 2 (white + colour)",
        "tr": "2. eylem (beyaz + renkli zar)",
        "it": "azione 2 (bianco + colore)",
        "pl": "akcja 2 (biała + kolorowa kość)",
    },
    "qwixx_hint_roll_first": {
        "en": "The dice must be rolled first: no option to rank yet.",
        "tr": "Önce zarlar atılmalı: sıralanacak seçenek henüz yok.",
        "it": "Prima bisogna tirare i dadi: non ci sono ancora opzioni da valutare.",
        "pl": "Najpierw trzeba rzucić kośćmi: nie ma jeszcze opcji do oceny.",
    },
    "qwixx_hint_whose": {
        "en": "Players to decide now: {players}. Use --player P.",
        "tr": "Şu anda karar verecek oyuncular: {players}. --player P kullanın.",
        "it": "Giocatori che devono decidere ora: {players}. Usa --player P.",
        "pl": "Gracze, którzy decydują teraz: {players}. Użyj --player P.",
    },
    "qwixx_file_error": {
        "en": "Cannot read {path}: {why}",
        "tr": "{path} okunamıyor: {why}",
        "it": "Impossibile leggere {path}: {why}",
        "pl": "Nie można odczytać {path}: {why}",
    },
    "qwixx_not_qwixx_save": {
        "en": "{path} is a saved {game} game, not Qwixx.",
        "tr": "{path} kayıtlı bir {game} oyunu, Qwixx değil.",
        "it": "{path} è una partita salvata di {game}, non di Qwixx.",
        "pl": "{path} to zapisana gra {game}, a nie Qwixx.",
    },
    "qwixx_bench_running": {
        "en": "Random-policy games, classic, {players} players, one core, {seconds} s...",
        "tr": "Rastgele kararlı oyunlar, klasik, {players} oyuncu, tek çekirdek, {seconds} sn...",
        "it": "Partite con scelte casuali, classico, {players} giocatori, un core, {seconds} s...",
        "pl": "Gry z losowymi decyzjami, klasyczna, {players} graczy, jeden rdzeń, {seconds} s...",
    },
    "qwixx_bench_result": {
        "en": "{games} games in {seconds} s: {rolls} rolls per game, mean score {score}",
        "tr": "{seconds} sn'de {games} oyun: oyun başına {rolls} atış, ortalama puan {score}",
        "it": "{games} partite in {seconds} s: {rolls} lanci a partita, punteggio medio {score}",
        "pl": "{games} gier w {seconds} s: {rolls} rzutów na grę, średni wynik {score}",
    },
    "qwixx_bad_seconds": {
        "en": "--seconds must be a positive number, not {value}.",
        "tr": "--seconds pozitif bir sayı olmalı, {value} değil.",
        "it": "--seconds deve essere un numero positivo, non {value}.",
        "pl": "--seconds musi być liczbą dodatnią, a nie {value}.",
    },
    "qwixx_bot_fallback": {
        "en": "The optimal bot plays the gap heuristic here: {why}",
        "tr": "Optimal bot burada boşluk sezgiselini oynuyor: {why}",
        "it": "Il bot ottimale qui gioca l'euristica a salti: {why}",
        "pl": "Bot optymalny gra tu heurystyką luk: {why}",
    },
}
