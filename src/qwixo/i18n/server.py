"""Texts of the web server (``qwixo serve``): protocol errors and announcements."""

TEXTS: dict[str, dict[str, str]] = {
    # -- protocol errors ------------------------------------------------------------------
    "bad_json": {
        "en": "The message is not valid JSON.",
        "tr": "Mesaj geçerli bir JSON değil.",
        "it": "Il messaggio non è un JSON valido.",
        "pl": "Wiadomość nie jest poprawnym JSON-em.",
    },
    "bad_message": {
        "en": "Malformed message: {why}.",
        "tr": "Hatalı mesaj: {why}.",
        "it": "Messaggio non valido: {why}.",
        "pl": "Nieprawidłowa wiadomość: {why}.",
    },
    "unknown_type": {
        "en": "Unknown message type {type!r}.",
        "tr": "Bilinmeyen mesaj türü {type!r}.",
        "it": "Tipo di messaggio sconosciuto {type!r}.",
        "pl": "Nieznany typ wiadomości {type!r}.",
    },
    "too_large": {
        "en": "The message is too large (limit: {limit} bytes).",
        "tr": "Mesaj çok büyük (sınır: {limit} bayt).",
        "it": "Il messaggio è troppo grande (limite: {limit} byte).",
        "pl": "Wiadomość jest za duża (limit: {limit} bajtów).",
    },
    "auth_required": {
        "en": "Send 'auth' (with your seat token) or 'spectate' first.",
        "tr": "Önce 'auth' (koltuk anahtarınızla) ya da 'spectate' gönderin.",
        "it": "Invia prima 'auth' (con il token del tuo posto) o 'spectate'.",
        "pl": "Najpierw wyślij 'auth' (z tokenem miejsca) lub 'spectate'.",
    },
    "already_authenticated": {
        "en": "This connection has already joined the game.",
        "tr": "Bu bağlantı oyuna zaten katıldı.",
        "it": "Questa connessione è già entrata nella partita.",
        "pl": "To połączenie już dołączyło do gry.",
    },
    "bad_token": {
        "en": "This seat token is not valid for this game.",
        "tr": "Bu koltuk anahtarı bu oyun için geçerli değil.",
        "it": "Questo token non è valido per questa partita.",
        "pl": "Ten token miejsca nie jest ważny w tej grze.",
    },
    "spectator_cannot_act": {
        "en": "Spectators can watch but not play.",
        "tr": "İzleyiciler izleyebilir ama oynayamaz.",
        "it": "Gli spettatori possono guardare ma non giocare.",
        "pl": "Widzowie mogą oglądać, ale nie mogą grać.",
    },
    "rate_limited": {
        "en": "Too many requests: slow down.",
        "tr": "Çok fazla istek: biraz yavaşlayın.",
        "it": "Troppe richieste: rallenta.",
        "pl": "Za dużo żądań: zwolnij.",
    },
    "no_such_game": {
        "en": "There is no game {id!r}.",
        "tr": "{id!r} adında bir oyun yok.",
        "it": "Non esiste la partita {id!r}.",
        "pl": "Nie ma gry {id!r}.",
    },
    "not_found": {
        "en": "Nothing here: {path}.",
        "tr": "Burada bir şey yok: {path}.",
        "it": "Qui non c'è niente: {path}.",
        "pl": "Nic tu nie ma: {path}.",
    },
    "too_many_connections": {
        "en": "Too many connections from your address (limit: {limit}).",
        "tr": "Adresinizden çok fazla bağlantı var (sınır: {limit}).",
        "it": "Troppe connessioni dal tuo indirizzo (limite: {limit}).",
        "pl": "Za dużo połączeń z twojego adresu (limit: {limit}).",
    },
    "no_free_seat": {
        "en": "There is no free seat in this game.",
        "tr": "Bu oyunda boş koltuk yok.",
        "it": "In questa partita non ci sono posti liberi.",
        "pl": "W tej grze nie ma wolnego miejsca.",
    },
    "seat_not_free": {
        "en": "Seat {seat} cannot be taken.",
        "tr": "{seat} numaralı koltuk alınamaz.",
        "it": "Il posto {seat} non può essere preso.",
        "pl": "Miejsca {seat} nie można zająć.",
    },
    "wrong_seat_count": {
        "en": "This game needs {players} seats, not {seats}.",
        "tr": "Bu oyun {seats} değil, {players} koltuk gerektirir.",
        "it": "Questa partita richiede {players} posti, non {seats}.",
        "pl": "Ta gra wymaga {players} miejsc, a nie {seats}.",
    },
    "bot_needs_name": {
        "en": "A bot seat needs a bot name: one of {choices}.",
        "tr": "Bot koltuğu bir bot adı ister: {choices}.",
        "it": "Un posto bot richiede il nome di un bot: uno tra {choices}.",
        "pl": "Miejsce bota wymaga nazwy bota: jednej z {choices}.",
    },
    "replay_not_finished": {
        "en": "The replay is available once the game is over.",
        "tr": "Tekrar izleme oyun bittiğinde kullanılabilir.",
        "it": "Il replay è disponibile a partita finita.",
        "pl": "Powtórka jest dostępna po zakończeniu gry.",
    },
    "no_such_step": {
        "en": "This game has no step {step} (it has {steps}).",
        "tr": "Bu oyunda {step}. adım yok ({steps} adım var).",
        "it": "Questa partita non ha il passo {step} (ne ha {steps}).",
        "pl": "Ta gra nie ma kroku {step} (ma ich {steps}).",
    },
    "undo_disabled": {
        "en": "Taking back moves is not allowed in this game.",
        "tr": "Bu oyunda hamle geri alınamaz.",
        "it": "In questa partita non si possono annullare le mosse.",
        "pl": "W tej grze nie można cofać ruchów.",
    },
    "undo_not_allowed": {
        "en": "You can only take back your own last decision, before another player or a roll "
              "follows it.",
        "tr": "Yalnızca kendi son kararınızı, ardından başka bir oyuncu oynamadan veya zar "
              "atılmadan geri alabilirsiniz.",
        "it": "Puoi annullare solo la tua ultima decisione, prima che un altro giocatore o un "
              "lancio di dadi la segua.",
        "pl": "Możesz cofnąć tylko własną ostatnią decyzję, zanim zagra inny gracz lub padnie "
              "rzut kośćmi.",
    },
    "hint_busy": {
        "en": "The server is busy with other hints; try again in a moment.",
        "tr": "Sunucu başka ipuçlarıyla meşgul; birazdan yeniden deneyin.",
        "it": "Il server è occupato con altri suggerimenti; riprova tra un momento.",
        "pl": "Serwer jest zajęty innymi podpowiedziami; spróbuj ponownie za chwilę.",
    },
    "hint_unavailable": {
        "en": "No hint is available now.",
        "tr": "Şu anda ipucu yok.",
        "it": "Nessun suggerimento disponibile ora.",
        "pl": "Teraz nie ma podpowiedzi.",
    },
    "not_your_roll": {
        "en": "Only player {player} may roll the dice now.",
        "tr": "Zarları şimdi yalnızca {player} numaralı oyuncu atabilir.",
        "it": "Ora solo il giocatore {player} può tirare i dadi.",
        "pl": "Teraz tylko gracz {player} może rzucić kośćmi.",
    },
    "dice_only_scorepad": {
        "en": "Dice values can only be entered in score-pad mode.",
        "tr": "Zar değerleri yalnızca skor kâğıdı modunda girilebilir.",
        "it": "I valori dei dadi si inseriscono solo in modalità segnapunti.",
        "pl": "Wartości kości można wpisywać tylko w trybie notesu wyników.",
    },
    "dice_required": {
        "en": "Score-pad mode: enter the values of the dice rolled at the table.",
        "tr": "Skor kâğıdı modu: masada atılan zarların değerlerini girin.",
        "it": "Modalità segnapunti: inserisci i valori dei dadi tirati al tavolo.",
        "pl": "Tryb notesu wyników: wpisz wartości kości wyrzuconych przy stole.",
    },
    "server_error": {
        "en": "The server could not save this; nothing changed. Try again.",
        "tr": "Sunucu bunu kaydedemedi; hiçbir şey değişmedi. Tekrar deneyin.",
        "it": "Il server non ha potuto salvare; non è cambiato nulla. Riprova.",
        "pl": "Serwer nie mógł tego zapisać; nic się nie zmieniło. Spróbuj ponownie.",
    },
    # -- announcements --------------------------------------------------------------------
    "announce_row_locked": {
        "en": "{name} locked row {row}.",
        "tr": "{name} {row} sırasını kilitledi.",
        "it": "{name} ha chiuso la riga {row}.",
        "pl": "{name} zamknął rząd {row}.",
    },
    "announce_penalty": {
        "en": "{name} takes a penalty ({count} so far).",
        "tr": "{name} ceza aldı (şimdiye kadar {count}).",
        "it": "{name} prende una penalità ({count} finora).",
        "pl": "{name} dostaje karę (dotąd {count}).",
    },
    "announce_game_over": {
        "en": "The game is over. Won: {winners}. Scores: {scores}.",
        "tr": "Oyun bitti. Kazanan: {winners}. Puanlar: {scores}.",
        "it": "La partita è finita. Vince: {winners}. Punteggi: {scores}.",
        "pl": "Gra skończona. Wygrywa: {winners}. Wyniki: {scores}.",
    },
    "announce_draw": {
        "en": "The game is over: a draw. Scores: {scores}.",
        "tr": "Oyun bitti: berabere. Puanlar: {scores}.",
        "it": "La partita è finita: pareggio. Punteggi: {scores}.",
        "pl": "Gra skończona: remis. Wyniki: {scores}.",
    },
    "announce_timeout": {
        "en": "Time is up for {name}: {decision} was played for them.",
        "tr": "{name} için süre doldu: onun yerine {decision} oynandı.",
        "it": "Tempo scaduto per {name}: è stato giocato {decision} al suo posto.",
        "pl": "Czas {name} minął: za tego gracza zagrano {decision}.",
    },
    "announce_joined": {
        "en": "{name} is here (seat {player}).",
        "tr": "{name} geldi ({player} numaralı koltuk).",
        "it": "{name} è arrivato (posto {player}).",
        "pl": "{name} dołączył (miejsce {player}).",
    },
    "announce_left": {
        "en": "{name} left (seat {player}).",
        "tr": "{name} ayrıldı ({player} numaralı koltuk).",
        "it": "{name} se n'è andato (posto {player}).",
        "pl": "{name} wyszedł (miejsce {player}).",
    },
    # -- hints, names, the serve command ----------------------------------------------------
    "hint_suggest": {
        "en": "Suggestion ({bot} bot): {decision}",
        "tr": "Öneri ({bot} botu): {decision}",
        "it": "Suggerimento (bot {bot}): {decision}",
        "pl": "Podpowiedź (bot {bot}): {decision}",
    },
    "seat_default_name": {
        "en": "Player {n}",
        "tr": "Oyuncu {n}",
        "it": "Giocatore {n}",
        "pl": "Gracz {n}",
    },
    "serve_url": {
        "en": "qwixo: serving on {url}",
        "tr": "qwixo: {url} adresinde yayında",
        "it": "qwixo: in servizio su {url}",
        "pl": "qwixo: serwer działa pod adresem {url}",
    },
    "serve_db": {
        "en": "qwixo: database {path}",
        "tr": "qwixo: veritabanı {path}",
        "it": "qwixo: database {path}",
        "pl": "qwixo: baza danych {path}",
    },
}
