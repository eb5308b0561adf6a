"""Texts shared by both games and every front end."""

TEXTS: dict[str, dict[str, str]] = {
    "game_over": {
        "en": "The game is over.",
        "tr": "Oyun bitti.",
        "it": "La partita è finita.",
        "pl": "Gra się skończyła.",
    },
    "not_your_turn": {
        "en": "It is not player {player}'s turn.",
        "tr": "Sıra {player} numaralı oyuncuda değil.",
        "it": "Non è il turno del giocatore {player}.",
        "pl": "To nie jest tura gracza {player}.",
    },
    "unknown_player": {
        "en": "There is no player {player} in this game.",
        "tr": "Bu oyunda {player} numaralı oyuncu yok.",
        "it": "In questa partita non c'è il giocatore {player}.",
        "pl": "W tej grze nie ma gracza {player}.",
    },
    "bad_decision": {
        "en": "Not a decision: {text!r}.",
        "tr": "Geçerli bir karar değil: {text!r}.",
        "it": "Non è una decisione valida: {text!r}.",
        "pl": "To nie jest poprawna decyzja: {text!r}.",
    },
    "no_roll_needed": {
        "en": "No dice to roll now.",
        "tr": "Şu anda zar atılmaz.",
        "it": "Ora non si tirano i dadi.",
        "pl": "Teraz nie rzuca się kośćmi.",
    },
    "roll_needed": {
        "en": "The dice must be rolled first.",
        "tr": "Önce zarlar atılmalı.",
        "it": "Prima bisogna tirare i dadi.",
        "pl": "Najpierw trzeba rzucić kośćmi.",
    },
    "nothing_to_undo": {
        "en": "Nothing to undo.",
        "tr": "Geri alınacak hamle yok.",
        "it": "Non c'è nulla da annullare.",
        "pl": "Nie ma czego cofnąć.",
    },
    "bad_save": {
        "en": "Not a saved qwixo game: {why}.",
        "tr": "Kayıtlı bir qwixo oyunu değil: {why}.",
        "it": "Non è una partita qwixo salvata: {why}.",
        "pl": "To nie jest zapisana gra qwixo: {why}.",
    },
    "unknown_game": {
        "en": "Unknown game {name!r}: choose one of {choices}.",
        "tr": "Bilinmeyen oyun {name!r}: şunlardan birini seçin: {choices}.",
        "it": "Gioco sconosciuto {name!r}: scegli tra {choices}.",
        "pl": "Nieznana gra {name!r}: wybierz jedną z {choices}.",
    },
    "unknown_bot": {
        "en": "Unknown bot {name!r} for {game}: choose one of {choices}.",
        "tr": "{game} için bilinmeyen bot {name!r}: şunlardan birini seçin: {choices}.",
        "it": "Bot sconosciuto {name!r} per {game}: scegli tra {choices}.",
        "pl": "Nieznany bot {name!r} dla gry {game}: wybierz jeden z {choices}.",
    },
    "bad_setting": {
        "en": "Invalid setting {name}={value!r}: {why}.",
        "tr": "Geçersiz ayar {name}={value!r}: {why}.",
        "it": "Impostazione non valida {name}={value!r}: {why}.",
        "pl": "Nieprawidłowe ustawienie {name}={value!r}: {why}.",
    },
    "win": {"en": "win", "tr": "galibiyet", "it": "vittoria", "pl": "wygrana"},
    "loss": {"en": "loss", "tr": "yenilgi", "it": "sconfitta", "pl": "przegrana"},
    "draw": {"en": "draw", "tr": "beraberlik", "it": "pareggio", "pl": "remis"},
    "pass": {"en": "pass", "tr": "pas", "it": "passo", "pl": "pas"},
}
