"""Texts of the web front end (``src/qwixo/web``): every word the page shows.

The page downloads the whole catalog from ``/api/i18n/{lang}`` and looks keys up there; keys
of this module start with ``web_`` so they never collide with another area.
"""

TEXTS: dict[str, dict[str, str]] = {
    # -- page frame ---------------------------------------------------------------------
    "web_title": {
        "en": "qwixo — Qwixx and Quixo",
        "tr": "qwixo — Qwixx ve Quixo",
        "it": "qwixo — Qwixx e Quixo",
        "pl": "qwixo — Qwixx i Quixo",
    },
    "web_language": {"en": "Language", "tr": "Dil", "it": "Lingua", "pl": "Język"},
    "web_lobby": {"en": "Lobby", "tr": "Lobi", "it": "Sala d'attesa", "pl": "Poczekalnia"},
    "web_loading": {
        "en": "Loading…",
        "tr": "Yükleniyor…",
        "it": "Caricamento…",
        "pl": "Wczytywanie…",
    },
    "web_connecting": {
        "en": "Connecting…",
        "tr": "Bağlanıyor…",
        "it": "Connessione…",
        "pl": "Łączenie…",
    },
    "web_connected": {"en": "Connected", "tr": "Bağlı", "it": "Connesso", "pl": "Połączono"},
    "web_reconnecting": {
        "en": "Connection lost: reconnecting in {seconds} s…",
        "tr": "Bağlantı koptu: {seconds} sn içinde yeniden bağlanılıyor…",
        "it": "Connessione persa: nuovo tentativo tra {seconds} s…",
        "pl": "Utracono połączenie: ponowna próba za {seconds} s…",
    },
    "web_error": {"en": "Error", "tr": "Hata", "it": "Errore", "pl": "Błąd"},
    "web_close": {"en": "Close", "tr": "Kapat", "it": "Chiudi", "pl": "Zamknij"},
    "web_server_error": {
        "en": "The server answered with an error ({status}).",
        "tr": "Sunucu bir hatayla yanıt verdi ({status}).",
        "it": "Il server ha risposto con un errore ({status}).",
        "pl": "Serwer odpowiedział błędem ({status}).",
    },
    "web_network_error": {
        "en": "The server cannot be reached.",
        "tr": "Sunucuya ulaşılamıyor.",
        "it": "Il server non è raggiungibile.",
        "pl": "Nie można połączyć się z serwerem.",
    },
    "web_game_not_found": {
        "en": "This game does not exist (or the link is incomplete).",
        "tr": "Bu oyun yok (ya da bağlantı eksik).",
        "it": "Questa partita non esiste (o il link è incompleto).",
        "pl": "Ta gra nie istnieje (albo link jest niepełny).",
    },
    # -- lobby: creating a game ---------------------------------------------------------
    "web_new_game": {"en": "New game", "tr": "Yeni oyun", "it": "Nuova partita", "pl": "Nowa gra"},
    "web_game": {"en": "Game", "tr": "Oyun", "it": "Gioco", "pl": "Gra"},
    "web_players": {"en": "Players", "tr": "Oyuncular", "it": "Giocatori", "pl": "Gracze"},
    "web_players_n": {
        "en": "{n} players",
        "tr": "{n} oyuncu",
        "it": "{n} giocatori",
        "pl": "graczy: {n}",
    },
    "web_board_size": {
        "en": "Board size",
        "tr": "Tahta boyutu",
        "it": "Dimensione del tabellone",
        "pl": "Rozmiar planszy",
    },
    "web_edition": {"en": "Edition", "tr": "Sürüm", "it": "Edizione", "pl": "Wydanie"},
    "web_edition_classic": {
        "en": "Classic",
        "tr": "Klasik",
        "it": "Classica",
        "pl": "Klasyczne",
    },
    "web_edition_longo": {
        "en": "Longo (eight-sided dice, lucky numbers)",
        "tr": "Longo (sekiz yüzlü zarlar, şanslı sayılar)",
        "it": "Longo (dadi a otto facce, numeri fortunati)",
        "pl": "Longo (kości ośmiościenne, szczęśliwe liczby)",
    },
    "web_edition_mixx-a": {
        "en": "Mixx A (mixed colours)",
        "tr": "Mixx A (karışık renkler)",
        "it": "Mixx A (colori misti)",
        "pl": "Mixx A (mieszane kolory)",
    },
    "web_edition_mixx-b": {
        "en": "Mixx B (mixed numbers)",
        "tr": "Mixx B (karışık sayılar)",
        "it": "Mixx B (numeri misti)",
        "pl": "Mixx B (mieszane liczby)",
    },
    "web_edition_bonus-a": {
        "en": "Bonus A (bonus boxes and bar)",
        "tr": "Bonus A (bonus kutuları ve çubuğu)",
        "it": "Bonus A (caselle e barra bonus)",
        "pl": "Bonus A (pola i pasek bonusowy)",
    },
    "web_edition_bonus-b": {
        "en": "Bonus B (bonus symbols)",
        "tr": "Bonus B (bonus sembolleri)",
        "it": "Bonus B (simboli bonus)",
        "pl": "Bonus B (symbole bonusowe)",
    },
    "web_scorepad": {
        "en": "Score pad for a real table (type in the dice)",
        "tr": "Gerçek masa için skor defteri (zarları siz girin)",
        "it": "Blocco segnapunti per un tavolo vero (inserisci i dadi)",
        "pl": "Notes do gry przy prawdziwym stole (wpisujesz kości)",
    },
    "web_turn_clock": {
        "en": "Turn clock (seconds per decision, 0 = off)",
        "tr": "Hamle saati (karar başına saniye, 0 = kapalı)",
        "it": "Orologio (secondi per decisione, 0 = spento)",
        "pl": "Zegar (sekundy na decyzję, 0 = wyłączony)",
    },
    "web_draw_rule": {
        "en": "Draw on threefold repetition or after {plies} moves",
        "tr": "Üç kez tekrar eden konumda ya da {plies} hamleden sonra beraberlik",
        "it": "Patta alla terza ripetizione o dopo {plies} mosse",
        "pl": "Remis po trzykrotnym powtórzeniu lub po {plies} ruchach",
    },
    "web_allow_undo": {
        "en": "Players may take back their last decision",
        "tr": "Oyuncular son kararlarını geri alabilir",
        "it": "I giocatori possono annullare l'ultima decisione",
        "pl": "Gracze mogą cofnąć swoją ostatnią decyzję",
    },
    "web_auto_roll": {
        "en": "The server rolls the dice for everyone",
        "tr": "Zarları herkes için sunucu atar",
        "it": "Il server tira i dadi per tutti",
        "pl": "Serwer rzuca kośćmi za wszystkich",
    },
    "web_seats": {"en": "Seats", "tr": "Koltuklar", "it": "Posti", "pl": "Miejsca"},
    "web_seat_n": {"en": "Seat {n}", "tr": "{n}. koltuk", "it": "Posto {n}", "pl": "Miejsce {n}"},
    "web_seat_you": {"en": "Me (this browser)", "tr": "Ben (bu tarayıcı)",
                     "it": "Io (questo browser)", "pl": "Ja (ta przeglądarka)"},
    "web_seat_invite": {
        "en": "Invite a person",
        "tr": "Birini davet et",
        "it": "Invita una persona",
        "pl": "Zaproś osobę",
    },
    "web_seat_open": {
        "en": "Free seat (anyone in the lobby may take it)",
        "tr": "Boş koltuk (lobideki herkes oturabilir)",
        "it": "Posto libero (chiunque nella sala può prenderlo)",
        "pl": "Wolne miejsce (może je zająć każdy z poczekalni)",
    },
    "web_seat_bot": {"en": "Bot: {level}", "tr": "Bot: {level}", "it": "Bot: {level}",
                     "pl": "Bot: {level}"},
    "web_seat_name": {"en": "Name", "tr": "Ad", "it": "Nome", "pl": "Imię"},
    "web_create": {
        "en": "Create game",
        "tr": "Oyunu oluştur",
        "it": "Crea la partita",
        "pl": "Utwórz grę",
    },
    "web_invite_links": {
        "en": "Invite links (one per seat: send each to its player)",
        "tr": "Davet bağlantıları (her koltuk için bir tane: her birini oyuncusuna gönderin)",
        "it": "Link di invito (uno per posto: mandalo al suo giocatore)",
        "pl": "Linki z zaproszeniem (jeden na miejsce: wyślij każdy swojemu graczowi)",
    },
    "web_copy": {"en": "Copy", "tr": "Kopyala", "it": "Copia", "pl": "Kopiuj"},
    "web_copied": {"en": "Copied!", "tr": "Kopyalandı!", "it": "Copiato!", "pl": "Skopiowano!"},
    "web_play_now": {
        "en": "Go to the game",
        "tr": "Oyuna git",
        "it": "Vai alla partita",
        "pl": "Przejdź do gry",
    },
    # -- lobby: lists -------------------------------------------------------------------
    "web_open_games": {
        "en": "Open games (free seats)",
        "tr": "Açık oyunlar (boş koltuk var)",
        "it": "Partite aperte (posti liberi)",
        "pl": "Otwarte gry (wolne miejsca)",
    },
    "web_running_games": {
        "en": "Running games",
        "tr": "Süren oyunlar",
        "it": "Partite in corso",
        "pl": "Trwające gry",
    },
    "web_finished_games": {
        "en": "Finished games",
        "tr": "Biten oyunlar",
        "it": "Partite finite",
        "pl": "Zakończone gry",
    },
    "web_no_games": {"en": "None.", "tr": "Yok.", "it": "Nessuna.", "pl": "Brak."},
    "web_refresh": {"en": "Refresh", "tr": "Yenile", "it": "Aggiorna", "pl": "Odśwież"},
    "web_join": {"en": "Take seat {seat}", "tr": "{seat}. koltuğa otur",
                 "it": "Prendi il posto {seat}", "pl": "Zajmij miejsce {seat}"},
    "web_spectate": {"en": "Watch", "tr": "İzle", "it": "Guarda", "pl": "Oglądaj"},
    "web_replay": {"en": "Replay", "tr": "Tekrar izle", "it": "Rivedi", "pl": "Powtórka"},
    "web_free": {"en": "free", "tr": "boş", "it": "libero", "pl": "wolne"},
    "web_bot": {"en": "bot", "tr": "bot", "it": "bot", "pl": "bot"},
    "web_human": {"en": "person", "tr": "kişi", "it": "persona", "pl": "osoba"},
    "web_join_by_link": {
        "en": "Have an invite link? Paste it here:",
        "tr": "Davet bağlantınız mı var? Buraya yapıştırın:",
        "it": "Hai un link di invito? Incollalo qui:",
        "pl": "Masz link z zaproszeniem? Wklej go tutaj:",
    },
    "web_open_link": {"en": "Open", "tr": "Aç", "it": "Apri", "pl": "Otwórz"},
    "web_bad_link": {
        "en": "This is not a qwixo invite link.",
        "tr": "Bu bir qwixo davet bağlantısı değil.",
        "it": "Questo non è un link di invito qwixo.",
        "pl": "To nie jest link z zaproszeniem qwixo.",
    },
    "web_my_games": {
        "en": "My seats in this browser",
        "tr": "Bu tarayıcıdaki koltuklarım",
        "it": "I miei posti in questo browser",
        "pl": "Moje miejsca w tej przeglądarce",
    },
    "web_resume": {"en": "Resume", "tr": "Devam et", "it": "Riprendi", "pl": "Wróć do gry"},
    "web_forget": {"en": "Forget", "tr": "Unut", "it": "Dimentica", "pl": "Zapomnij"},
    "web_created_at": {
        "en": "created {when}",
        "tr": "oluşturuldu: {when}",
        "it": "creata {when}",
        "pl": "utworzona {when}",
    },
    # -- game page: common --------------------------------------------------------------
    "web_back_to_lobby": {
        "en": "← Lobby",
        "tr": "← Lobi",
        "it": "← Sala d'attesa",
        "pl": "← Poczekalnia",
    },
    "web_you_are_seat": {
        "en": "You play seat {seat}: {name}",
        "tr": "{seat}. koltuktasınız: {name}",
        "it": "Giochi al posto {seat}: {name}",
        "pl": "Grasz na miejscu {seat}: {name}",
    },
    "web_spectating": {
        "en": "You are watching this game.",
        "tr": "Bu oyunu izliyorsunuz.",
        "it": "Stai guardando questa partita.",
        "pl": "Oglądasz tę grę.",
    },
    "web_your_turn": {
        "en": "Your turn!",
        "tr": "Sıra sizde!",
        "it": "Tocca a te!",
        "pl": "Twoja kolej!",
    },
    "web_waiting_for": {
        "en": "Waiting for: {names}",
        "tr": "Beklenen: {names}",
        "it": "In attesa di: {names}",
        "pl": "Czekamy na: {names}",
    },
    "web_waiting_seats": {
        "en": "Waiting for players to take their seats.",
        "tr": "Oyuncuların koltuklarına oturması bekleniyor.",
        "it": "In attesa che i giocatori prendano posto.",
        "pl": "Czekamy, aż gracze zajmą miejsca.",
    },
    "web_player_name": {
        "en": "Player {n}",
        "tr": "Oyuncu {n}",
        "it": "Giocatore {n}",
        "pl": "Gracz {n}",
    },
    "web_you": {"en": "you", "tr": "siz", "it": "tu", "pl": "ty"},
    "web_hint": {"en": "Hint", "tr": "İpucu", "it": "Suggerimento", "pl": "Podpowiedź"},
    "web_hint_wait": {
        "en": "Thinking about a hint…",
        "tr": "İpucu düşünülüyor…",
        "it": "Sto pensando a un suggerimento…",
        "pl": "Szukam podpowiedzi…",
    },
    "web_pass": {"en": "Pass", "tr": "Pas", "it": "Passa", "pl": "Pasuj"},
    "web_undo": {"en": "Undo", "tr": "Geri al", "it": "Annulla", "pl": "Cofnij"},
    "web_last_move": {
        "en": "Last move: {move}",
        "tr": "Son hamle: {move}",
        "it": "Ultima mossa: {move}",
        "pl": "Ostatni ruch: {move}",
    },
    "web_clock": {
        "en": "Clock: {seconds} s",
        "tr": "Saat: {seconds} sn",
        "it": "Orologio: {seconds} s",
        "pl": "Zegar: {seconds} s",
    },
    "web_game_over": {
        "en": "Game over",
        "tr": "Oyun bitti",
        "it": "Partita finita",
        "pl": "Koniec gry",
    },
    "web_wins": {
        "en": "{name} wins!",
        "tr": "{name} kazandı!",
        "it": "Vince {name}!",
        "pl": "Wygrywa {name}!",
    },
    "web_draw": {
        "en": "Draw.",
        "tr": "Berabere.",
        "it": "Pareggio.",
        "pl": "Remis.",
    },
    "web_you_win": {
        "en": "You win!",
        "tr": "Kazandınız!",
        "it": "Hai vinto!",
        "pl": "Wygrywasz!",
    },
    "web_you_lose": {
        "en": "You lose.",
        "tr": "Kaybettiniz.",
        "it": "Hai perso.",
        "pl": "Przegrywasz.",
    },
    "web_auto": {
        "en": "time ran out",
        "tr": "süre doldu",
        "it": "tempo scaduto",
        "pl": "czas minął",
    },
    "web_log": {"en": "Moves", "tr": "Hamleler", "it": "Mosse", "pl": "Ruchy"},
    "web_announcements": {
        "en": "News",
        "tr": "Duyurular",
        "it": "Annunci",
        "pl": "Komunikaty",
    },
    # -- replay -------------------------------------------------------------------------
    "web_replay_title": {
        "en": "Replay",
        "tr": "Tekrar",
        "it": "Replay",
        "pl": "Powtórka",
    },
    "web_first": {"en": "« Start", "tr": "« Başa", "it": "« Inizio", "pl": "« Początek"},
    "web_prev": {"en": "◀ Back", "tr": "◀ Geri", "it": "◀ Indietro", "pl": "◀ Wstecz"},
    "web_next": {"en": "Next ▶", "tr": "İleri ▶", "it": "Avanti ▶", "pl": "Dalej ▶"},
    "web_last": {"en": "End »", "tr": "Sona »", "it": "Fine »", "pl": "Koniec »"},
    "web_step_of": {
        "en": "Step {n} of {total}",
        "tr": "Adım {n} / {total}",
        "it": "Passo {n} di {total}",
        "pl": "Krok {n} z {total}",
    },
    "web_replay_start": {
        "en": "Start of the game",
        "tr": "Oyunun başı",
        "it": "Inizio della partita",
        "pl": "Początek gry",
    },
    # -- Quixo --------------------------------------------------------------------------
    "web_quixo": {"en": "Quixo", "tr": "Quixo", "it": "Quixo", "pl": "Quixo"},
    "web_quixo_board": {
        "en": "Quixo board {n}×{n}",
        "tr": "Quixo tahtası {n}×{n}",
        "it": "Tabellone Quixo {n}×{n}",
        "pl": "Plansza Quixo {n}×{n}",
    },
    "web_quixo_pick_cube": {
        "en": "Pick a highlighted cube from the border.",
        "tr": "Kenardan vurgulanmış bir küp seçin.",
        "it": "Scegli un cubo evidenziato dal bordo.",
        "pl": "Wybierz podświetloną kostkę z brzegu.",
    },
    "web_quixo_pick_dest": {
        "en": "Now click an arrow: where the cube {square} is pushed back in.",
        "tr": "Şimdi bir oka tıklayın: {square} küpü nereden geri itilecek.",
        "it": "Ora clicca una freccia: dove rientra il cubo {square}.",
        "pl": "Teraz kliknij strzałkę: gdzie kostka {square} zostanie wsunięta.",
    },
    "web_quixo_dot": {
        "en": "The dot points at:",
        "tr": "Nokta şunu gösteriyor:",
        "it": "Il punto indica:",
        "pl": "Kropka wskazuje na:",
    },
    "web_quixo_dot_me": {
        "en": "me ({seat})",
        "tr": "beni ({seat})",
        "it": "me ({seat})",
        "pl": "mnie ({seat})",
    },
    "web_quixo_dot_partner": {
        "en": "my partner ({seat})",
        "tr": "ortağımı ({seat})",
        "it": "il mio compagno ({seat})",
        "pl": "partnera ({seat})",
    },
    "web_quixo_cancel": {
        "en": "Choose another cube",
        "tr": "Başka küp seç",
        "it": "Scegli un altro cubo",
        "pl": "Wybierz inną kostkę",
    },
    "web_quixo_must_pass": {
        "en": "You have no cube you may take: you must pass.",
        "tr": "Alabileceğiniz küp yok: pas geçmelisiniz.",
        "it": "Non hai cubi da prendere: devi passare.",
        "pl": "Nie masz kostki do wzięcia: musisz spasować.",
    },
    "web_seat_N": {"en": "North", "tr": "Kuzey", "it": "Nord", "pl": "Północ"},
    "web_seat_E": {"en": "East", "tr": "Doğu", "it": "Est", "pl": "Wschód"},
    "web_seat_S": {"en": "South", "tr": "Güney", "it": "Sud", "pl": "Południe"},
    "web_seat_W": {"en": "West", "tr": "Batı", "it": "Ovest", "pl": "Zachód"},
    "web_team_x": {
        "en": "Team X (N + S)",
        "tr": "X takımı (K + G)",
        "it": "Squadra X (N + S)",
        "pl": "Drużyna X (Pn + Pd)",
    },
    "web_team_o": {
        "en": "Team O (E + W)",
        "tr": "O takımı (D + B)",
        "it": "Squadra O (E + O)",
        "pl": "Drużyna O (Wsch + Zach)",
    },
    "web_end_line": {
        "en": "{name} made a line.",
        "tr": "{name} bir sıra oluşturdu.",
        "it": "{name} ha fatto una linea.",
        "pl": "{name} ułożył linię.",
    },
    "web_end_opponent_line": {
        "en": "A move made a line of the opponents' symbol: the mover loses.",
        "tr": "Bir hamle rakibin sembolüyle bir sıra oluşturdu: hamleyi yapan kaybeder.",
        "it": "Una mossa ha fatto una linea col simbolo avversario: chi ha mosso perde.",
        "pl": "Ruch ułożył linię symbolu przeciwnika: przegrywa ten, kto go wykonał.",
    },
    "web_end_ply_limit": {
        "en": "Draw: the move limit was reached.",
        "tr": "Beraberlik: hamle sınırına ulaşıldı.",
        "it": "Patta: raggiunto il limite di mosse.",
        "pl": "Remis: osiągnięto limit ruchów.",
    },
    "web_end_repetition": {
        "en": "Draw: the same position came up again.",
        "tr": "Beraberlik: aynı konum yeniden oluştu.",
        "it": "Patta: la stessa posizione si è ripetuta.",
        "pl": "Remis: ta sama pozycja powtórzyła się.",
    },
    "web_plays_symbol": {
        "en": "plays {symbol}",
        "tr": "{symbol} oynuyor",
        "it": "gioca {symbol}",
        "pl": "gra {symbol}",
    },
    # -- Qwixx --------------------------------------------------------------------------
    "web_qwixx": {"en": "Qwixx", "tr": "Qwixx", "it": "Qwixx", "pl": "Qwixx"},
    "web_row_r": {"en": "Red", "tr": "Kırmızı", "it": "Rosso", "pl": "Czerwony"},
    "web_row_y": {"en": "Yellow", "tr": "Sarı", "it": "Giallo", "pl": "Żółty"},
    "web_row_g": {"en": "Green", "tr": "Yeşil", "it": "Verde", "pl": "Zielony"},
    "web_row_b": {"en": "Blue", "tr": "Mavi", "it": "Blu", "pl": "Niebieski"},
    "web_die_w": {"en": "White", "tr": "Beyaz", "it": "Bianco", "pl": "Biała"},
    "web_die_w1": {"en": "White 1", "tr": "Beyaz 1", "it": "Bianco 1", "pl": "Biała 1"},
    "web_die_w2": {"en": "White 2", "tr": "Beyaz 2", "it": "Bianco 2", "pl": "Biała 2"},
    "web_die_removed": {
        "en": "{colour} die removed (row locked)",
        "tr": "{colour} zar oyundan çıktı (sıra kilitli)",
        "it": "dado {colour} tolto (riga chiusa)",
        "pl": "kość {colour} usunięta (rząd zamknięty)",
    },
    "web_dice": {"en": "Dice", "tr": "Zarlar", "it": "Dadi", "pl": "Kości"},
    "web_roll": {"en": "Roll the dice", "tr": "Zarları at", "it": "Tira i dadi",
                 "pl": "Rzuć kośćmi"},
    "web_roll_wait": {
        "en": "{name} rolls the dice.",
        "tr": "Zarları {name} atıyor.",
        "it": "{name} tira i dadi.",
        "pl": "{name} rzuca kośćmi.",
    },
    "web_enter_dice": {
        "en": "Type in the dice you rolled at the table:",
        "tr": "Masada attığınız zarları girin:",
        "it": "Inserisci i dadi tirati al tavolo:",
        "pl": "Wpisz kości wyrzucone przy stole:",
    },
    "web_enter_dice_ok": {
        "en": "Enter these dice",
        "tr": "Bu zarları gir",
        "it": "Inserisci questi dadi",
        "pl": "Wpisz te kości",
    },
    "web_bad_dice": {
        "en": "Every die needs a value from 1 to {faces}.",
        "tr": "Her zarın 1 ile {faces} arasında bir değeri olmalı.",
        "it": "Ogni dado deve avere un valore da 1 a {faces}.",
        "pl": "Każda kość musi mieć wartość od 1 do {faces}.",
    },
    "web_active_player": {
        "en": "Active player: {name}",
        "tr": "Aktif oyuncu: {name}",
        "it": "Giocatore attivo: {name}",
        "pl": "Aktywny gracz: {name}",
    },
    "web_action1": {
        "en": "Action 1: everyone may cross the white sum {sum}.",
        "tr": "1. eylem: herkes beyaz toplamı {sum} işaretleyebilir.",
        "it": "Azione 1: tutti possono segnare la somma dei bianchi {sum}.",
        "pl": "Akcja 1: każdy może skreślić sumę białych kości {sum}.",
    },
    "web_action2": {
        "en": "Action 2: {name} may add a white die to a coloured die.",
        "tr": "2. eylem: {name} bir beyaz zarı renkli bir zarla toplayabilir.",
        "it": "Azione 2: {name} può sommare un dado bianco a un dado colorato.",
        "pl": "Akcja 2: {name} może dodać białą kość do kolorowej.",
    },
    "web_decided": {"en": "decided", "tr": "karar verdi", "it": "ha deciso",
                    "pl": "zdecydował"},
    "web_deciding": {"en": "deciding…", "tr": "karar veriyor…", "it": "sta decidendo…",
                     "pl": "decyduje…"},
    "web_choose_cell": {
        "en": "Click a highlighted cell to cross it, or pass.",
        "tr": "İşaretlemek için vurgulanmış bir kutuya tıklayın ya da pas geçin.",
        "it": "Clicca una casella evidenziata per segnarla, oppure passa.",
        "pl": "Kliknij podświetlone pole, aby je skreślić, albo spasuj.",
    },
    "web_choose_among": {
        "en": "This cell can be crossed in several ways: choose one.",
        "tr": "Bu kutu birkaç şekilde işaretlenebilir: birini seçin.",
        "it": "Questa casella si può segnare in più modi: scegline uno.",
        "pl": "To pole można skreślić na kilka sposobów: wybierz jeden.",
    },
    "web_other_options": {
        "en": "Other choices",
        "tr": "Diğer seçenekler",
        "it": "Altre scelte",
        "pl": "Inne wybory",
    },
    "web_my_pending": {
        "en": "Your choice: {choice} (the others see it when everyone has decided)",
        "tr": "Seçiminiz: {choice} (herkes karar verince diğerleri görecek)",
        "it": "La tua scelta: {choice} (gli altri la vedono quando tutti hanno deciso)",
        "pl": "Twój wybór: {choice} (inni zobaczą go, gdy wszyscy zdecydują)",
    },
    "web_penalties": {"en": "Penalties", "tr": "Cezalar", "it": "Penalità", "pl": "Kary"},
    "web_lock": {"en": "lock", "tr": "kilit", "it": "lucchetto", "pl": "kłódka"},
    "web_locked": {"en": "locked", "tr": "kilitli", "it": "chiusa", "pl": "zamknięty"},
    "web_lucky": {
        "en": "Lucky numbers",
        "tr": "Şanslı sayılar",
        "it": "Numeri fortunati",
        "pl": "Szczęśliwe liczby",
    },
    "web_bonus_bar": {
        "en": "Bonus bar",
        "tr": "Bonus çubuğu",
        "it": "Barra bonus",
        "pl": "Pasek bonusowy",
    },
    "web_bonus_rewards": {
        "en": "Bonus symbols",
        "tr": "Bonus sembolleri",
        "it": "Simboli bonus",
        "pl": "Symbole bonusowe",
    },
    "web_bonus_two-crosses": {
        "en": "2 crosses in your weakest row",
        "tr": "En zayıf sıranıza 2 işaret",
        "it": "2 croci nella riga più debole",
        "pl": "2 krzyżyki w najsłabszym rzędzie",
    },
    "web_bonus_each-row": {
        "en": "1 cross in each row",
        "tr": "Her sıraya 1 işaret",
        "it": "1 croce in ogni riga",
        "pl": "1 krzyżyk w każdym rzędzie",
    },
    "web_bonus_double": {
        "en": "weakest row counts double",
        "tr": "en zayıf sıra iki kat sayılır",
        "it": "la riga più debole vale doppio",
        "pl": "najsłabszy rząd liczy się podwójnie",
    },
    "web_bonus_plus-13": {
        "en": "+13 points",
        "tr": "+13 puan",
        "it": "+13 punti",
        "pl": "+13 punktów",
    },
    "web_bonus_no-penalty": {
        "en": "penalties cost nothing",
        "tr": "cezalar puan götürmez",
        "it": "le penalità non costano punti",
        "pl": "kary nie odbierają punktów",
    },
    "web_earned": {"en": "earned", "tr": "kazanıldı", "it": "ottenuto", "pl": "zdobyte"},
    "web_total": {"en": "Total", "tr": "Toplam", "it": "Totale", "pl": "Suma"},
    "web_points": {"en": "points", "tr": "puan", "it": "punti", "pl": "pkt"},
    "web_score_table": {
        "en": "Final scores",
        "tr": "Son puanlar",
        "it": "Punteggi finali",
        "pl": "Wyniki końcowe",
    },
    "web_rank": {"en": "Rank", "tr": "Sıra", "it": "Posizione", "pl": "Miejsce"},
    "web_winner": {"en": "winner", "tr": "kazanan", "it": "vincitore", "pl": "zwycięzca"},
    "web_announce_lock": {
        "en": "{name} locked the {row} row: its die is out of the game.",
        "tr": "{name} {row} sırayı kilitledi: o rengin zarı oyundan çıktı.",
        "it": "{name} ha chiuso la riga {row}: il suo dado esce dal gioco.",
        "pl": "{name} zamknął rząd {row}: jego kość wypada z gry.",
    },
    "web_announce_penalty": {
        "en": "{name} takes a penalty ({count} of 4).",
        "tr": "{name} bir ceza aldı (4 cezadan {count}.).",
        "it": "{name} prende una penalità ({count} su 4).",
        "pl": "{name} dostaje karę ({count} z 4).",
    },
    "web_announce_end_locks": {
        "en": "Two rows are locked: the game ends.",
        "tr": "İki sıra kilitlendi: oyun bitti.",
        "it": "Due righe sono chiuse: la partita finisce.",
        "pl": "Dwa rzędy są zamknięte: gra się kończy.",
    },
    "web_announce_end_penalties": {
        "en": "{name} has 4 penalties: the game ends.",
        "tr": "{name} 4 ceza aldı: oyun bitti.",
        "it": "{name} ha 4 penalità: la partita finisce.",
        "pl": "{name} ma 4 kary: gra się kończy.",
    },
    "web_sheet_of": {
        "en": "Sheet of {name}",
        "tr": "{name} adlı oyuncunun kağıdı",
        "it": "Foglio di {name}",
        "pl": "Kartka gracza {name}",
    },
    # -- second edition of the table (issue 11) ------------------------------------------
    "web_skip_to_main": {
        "en": "Skip to the page",
        "tr": "Sayfaya geç",
        "it": "Vai alla pagina",
        "pl": "Przejdź do strony",
    },
    "web_sound_on": {"en": "Sound on", "tr": "Ses açık", "it": "Suoni attivi", "pl": "Dźwięk wł."},
    "web_sound_off": {"en": "Sound off", "tr": "Ses kapalı", "it": "Suoni spenti", "pl": "Dźwięk wył."},
    "web_online": {"en": "online", "tr": "çevrimiçi", "it": "in linea", "pl": "w grze"},
    "web_offline": {"en": "away", "tr": "uzakta", "it": "assente", "pl": "nieobecny gracz"},
    "web_to_act": {"en": "to play", "tr": "sırası", "it": "di turno", "pl": "ruch tego gracza"},
    "web_switch_seat": {
        "en": "Play as",
        "tr": "Şu oyuncu olarak oyna",
        "it": "Gioca come",
        "pl": "Graj jako",
    },
    "web_game_info": {
        "en": "Players and moves",
        "tr": "Oyuncular ve hamleler",
        "it": "Giocatori e mosse",
        "pl": "Gracze i ruchy",
    },
    "web_rolls_this_turn": {
        "en": "rolls this turn",
        "tr": "bu tur zarları atıyor",
        "it": "lancia in questo turno",
        "pl": "rzuca w tej turze",
    },
    "web_roll_now": {
        "en": "Roll the dice.",
        "tr": "Zarları atın.",
        "it": "Lancia i dadi.",
        "pl": "Rzuć kośćmi.",
    },
    "web_go_back": {"en": "Go back", "tr": "Geri dön", "it": "Torna indietro", "pl": "Wróć"},
    "web_rules": {"en": "Rules", "tr": "Kurallar", "it": "Regole", "pl": "Zasady"},
    "web_rematch": {
        "en": "Rematch (the other side starts)",
        "tr": "Rövanş (öbür taraf başlar)",
        "it": "Rivincita (inizia l'altra parte)",
        "pl": "Rewanż (zaczyna druga strona)",
    },
    # the penalty confirmation (Qwixx: a pass in action 2 after nothing crossed in action 1)
    "web_pass_penalty": {
        "en": "Pass (−{points} points)",
        "tr": "Pas (−{points} puan)",
        "it": "Passa (−{points} punti)",
        "pl": "Pasuj (−{points} pkt)",
    },
    "web_penalty_title": {
        "en": "This pass costs points",
        "tr": "Bu pas puan kaybettirir",
        "it": "Questo passaggio costa punti",
        "pl": "To spasowanie kosztuje punkty",
    },
    "web_penalty_text": {
        "en": "You crossed nothing in this turn: passing now marks a penalty, −{points} points "
              "(penalty {count} of {max}; the game ends at the {max}th).",
        "tr": "Bu turda hiçbir şey işaretlemediniz: şimdi pas geçerseniz bir başarısız zar "
              "işaretlenir, −{points} puan (başarısız zar {count}/{max}; {max}. olunca oyun biter).",
        "it": "In questo turno non hai segnato nulla: se passi ora segni un lancio a vuoto, "
              "−{points} punti (lancio a vuoto {count} di {max}; al {max}° la partita finisce).",
        "pl": "W tej turze nic nie skreślono: spasowanie oznacza teraz nietrafienie, "
              "−{points} pkt (nietrafienie {count} z {max}; przy {max}. gra się kończy).",
    },
    # Quixo: why a cube cannot be taken (said at once, without asking the server)
    "web_why_not_your_turn": {
        "en": "It is not your turn yet.",
        "tr": "Henüz sıra sizde değil.",
        "it": "Non è ancora il tuo turno.",
        "pl": "To jeszcze nie twój ruch.",
    },
    "web_why_inner": {
        "en": "Only cubes on the edge of the board can be taken.",
        "tr": "Yalnızca tahtanın kenarındaki küpler alınabilir.",
        "it": "Si possono prendere solo i cubi sul bordo del tabellone.",
        "pl": "Można brać tylko kostki z brzegu planszy.",
    },
    "web_why_not_takeable": {
        "en": "This cube cannot be taken now.",
        "tr": "Bu küp şimdi alınamaz.",
        "it": "Questo cubo ora non si può prendere.",
        "pl": "Tej kostki nie można teraz wziąć.",
    },
    "web_face_blank": {"en": "blank", "tr": "boş", "it": "neutro", "pl": "pusta"},
    "web_face_dot": {
        "en": "{face}, dot towards {seat}",
        "tr": "{face}, nokta {seat} yönünde",
        "it": "{face}, punto verso {seat}",
        "pl": "{face}, kropka w stronę {seat}",
    },
    "web_cell_takeable": {
        "en": "can be taken",
        "tr": "alınabilir",
        "it": "si può prendere",
        "pl": "można wziąć",
    },
    "web_quixo_dot_why": {
        "en": "The dot of the cube you put back says who of your team may take it next:",
        "tr": "Geri koyduğunuz küpteki nokta, takımınızdan onu sonra kimin alabileceğini gösterir:",
        "it": "Il punto del cubo che rimetti indica chi della tua squadra potrà prenderlo dopo:",
        "pl": "Kropka na wsuwanej kostce mówi, kto z twojej drużyny może ją potem wziąć:",
    },
    "web_push_top": {
        "en": "Push {square} back in from the top",
        "tr": "{square} küpünü yukarıdan geri it",
        "it": "Rimetti {square} spingendo dall'alto",
        "pl": "Wsuń {square} od góry",
    },
    "web_push_bottom": {
        "en": "Push {square} back in from the bottom",
        "tr": "{square} küpünü aşağıdan geri it",
        "it": "Rimetti {square} spingendo dal basso",
        "pl": "Wsuń {square} od dołu",
    },
    "web_push_left": {
        "en": "Push {square} back in from the left",
        "tr": "{square} küpünü soldan geri it",
        "it": "Rimetti {square} spingendo da sinistra",
        "pl": "Wsuń {square} z lewej",
    },
    "web_push_right": {
        "en": "Push {square} back in from the right",
        "tr": "{square} küpünü sağdan geri it",
        "it": "Rimetti {square} spingendo da destra",
        "pl": "Wsuń {square} z prawej",
    },
    # moves in words (event log, last move, hints)
    "web_move_push_top": {
        "en": "took {square}, pushed it in from the top",
        "tr": "{square} küpünü aldı, yukarıdan itti",
        "it": "ha preso {square} e l'ha spinto dall'alto",
        "pl": "wzięto {square} i wsunięto od góry",
    },
    "web_move_push_bottom": {
        "en": "took {square}, pushed it in from the bottom",
        "tr": "{square} küpünü aldı, aşağıdan itti",
        "it": "ha preso {square} e l'ha spinto dal basso",
        "pl": "wzięto {square} i wsunięto od dołu",
    },
    "web_move_push_left": {
        "en": "took {square}, pushed it in from the left",
        "tr": "{square} küpünü aldı, soldan itti",
        "it": "ha preso {square} e l'ha spinto da sinistra",
        "pl": "wzięto {square} i wsunięto z lewej",
    },
    "web_move_push_right": {
        "en": "took {square}, pushed it in from the right",
        "tr": "{square} küpünü aldı, sağdan itti",
        "it": "ha preso {square} e l'ha spinto da destra",
        "pl": "wzięto {square} i wsunięto z prawej",
    },
    "web_move_dot": {
        "en": "(dot towards {seat})",
        "tr": "(nokta {seat} yönünde)",
        "it": "(punto verso {seat})",
        "pl": "(kropka w stronę {seat})",
    },
    "web_move_pass": {"en": "passed", "tr": "pas geçti", "it": "ha passato", "pl": "pas"},
    "web_move_cross": {
        "en": "crossed {colour} {n}",
        "tr": "{colour} {n} işaretledi",
        "it": "ha segnato {colour} {n}",
        "pl": "skreślono: {colour} {n}",
    },
    "web_move_lucky": {
        "en": "lucky cross in the {colour} row",
        "tr": "{colour} sırada uğurlu sayı işareti",
        "it": "crocetta fortunata nella riga {colour}",
        "pl": "szczęśliwe skreślenie w rzędzie: {colour}",
    },
    "web_move_reward_row": {
        "en": "(reward in the {colour} row)",
        "tr": "(ödül {colour} sırada)",
        "it": "(premio nella riga {colour})",
        "pl": "(nagroda w rzędzie: {colour})",
    },
    "web_move_roll": {"en": "rolled {dice}", "tr": "zar attı: {dice}", "it": "ha lanciato {dice}", "pl": "rzut: {dice}"},
    "web_move_hidden": {
        "en": "has decided (hidden until everyone has)",
        "tr": "karar verdi (herkes karar verene kadar gizli)",
        "it": "ha deciso (nascosto finché tutti hanno deciso)",
        "pl": "decyzja podjęta (ukryta, aż wszyscy zdecydują)",
    },
    "web_move_undo": {
        "en": "took back a move",
        "tr": "bir hamleyi geri aldı",
        "it": "ha annullato una mossa",
        "pl": "cofnięto ruch",
    },
    # hints in words
    "web_hint_best": {"en": "Best: {move}.", "tr": "En iyisi: {move}.", "it": "Migliore: {move}.", "pl": "Najlepiej: {move}."},
    "web_hint_win_in": {
        "en": "This wins in {n} of your moves.",
        "tr": "Bu, {n} hamlenizde kazandırır.",
        "it": "Così vinci in {n} tue mosse.",
        "pl": "To wygrywa w {n} twoich ruchach.",
    },
    "web_hint_loss_in": {
        "en": "Every move loses against best play; this one holds out longest ({n} moves).",
        "tr": "En iyi oyuna karşı her hamle kaybeder; bu en uzun dayanır ({n} hamle).",
        "it": "Contro il gioco migliore ogni mossa perde; questa resiste di più ({n} mosse).",
        "pl": "Przy najlepszej grze rywala każdy ruch przegrywa; ten broni się najdłużej ({n} ruchów).",
    },
    "web_hint_draw": {
        "en": "With best play on both sides: a draw.",
        "tr": "İki taraf da en iyi oynarsa: beraberlik.",
        "it": "Con il gioco migliore da entrambe le parti: patta.",
        "pl": "Przy najlepszej grze obu stron: remis.",
    },
    "web_hint_chance": {
        "en": "About {pct} % to win.",
        "tr": "Kazanma şansı yaklaşık %{pct}.",
        "it": "Circa {pct} % di probabilità di vincere.",
        "pl": "Około {pct}% szans na wygraną.",
    },
    # Qwixx cells and special sheets, for screen readers and the legends
    "web_cell_crossed": {"en": "crossed", "tr": "işaretli", "it": "segnato", "pl": "skreślone"},
    "web_cell_skipped": {
        "en": "skipped (lost)",
        "tr": "atlandı (kaybedildi)",
        "it": "saltato (perso)",
        "pl": "pominięte (stracone)",
    },
    "web_cell_option": {
        "en": "you may cross it",
        "tr": "işaretleyebilirsiniz",
        "it": "puoi segnarlo",
        "pl": "można skreślić",
    },
    "web_cell_pending": {
        "en": "your choice, hidden from the others until everyone has decided",
        "tr": "seçiminiz, herkes karar verene kadar diğerlerinden gizli",
        "it": "la tua scelta, nascosta agli altri finché tutti hanno deciso",
        "pl": "twój wybór, ukryty przed innymi, aż wszyscy zdecydują",
    },
    "web_bar_free": {"en": "free", "tr": "boş", "it": "libera", "pl": "wolne"},
    "web_bar_crossed": {"en": "crossed", "tr": "işaretli", "it": "segnata", "pl": "skreślone"},
    "web_bar_struck": {
        "en": "struck out (lost)",
        "tr": "üstü çizildi (kaybedildi)",
        "it": "cancellata (persa)",
        "pl": "wykreślone (stracone)",
    },
    "web_legend_longo": {
        "en": "☘ Lucky numbers: in action 1, when the white dice make one of your two lucky "
              "numbers, you may instead cross the next box of the row where you have the fewest "
              "crosses.",
        "tr": "☘ Uğurlu sayılar: 1. eylemde beyaz zarların toplamı iki uğurlu sayınızdan biriyse, "
              "onun yerine en az işaretiniz olan sıranın sıradaki kutusunu işaretleyebilirsiniz.",
        "it": "☘ Numeri fortunati: nell'azione 1, quando i dadi bianchi danno uno dei tuoi due "
              "numeri fortunati, puoi invece segnare la prossima casella della riga dove hai meno "
              "crocette.",
        "pl": "☘ Szczęśliwe liczby: w akcji 1, gdy białe kości dadzą jedną z twoich dwóch "
              "szczęśliwych liczb, możesz zamiast tego skreślić następne pole rzędu, w którym "
              "masz najmniej skreśleń.",
    },
    "web_legend_bonus_a": {
        "en": "★ Bonus boxes: crossing one crosses the next box of the bonus bar; a bar box of a "
              "locked colour is struck out. Each bar box crosses the next box of its colour.",
        "tr": "★ Bonus kutuları: birini işaretlemek bonus çubuğunun sıradaki kutusunu işaretler; "
              "kilitli rengin çubuk kutusunun üstü çizilir. Her çubuk kutusu kendi renginin "
              "sıradaki kutusunu işaretler.",
        "it": "★ Caselle bonus: segnarne una segna la prossima casella della barra bonus; una "
              "casella della barra di un colore chiuso si cancella. Ogni casella della barra "
              "segna la prossima casella del suo colore.",
        "pl": "★ Pola bonusowe: skreślenie jednego skreśla następne pole paska bonusowego; pole "
              "paska zablokowanego koloru zostaje wykreślone. Każde pole paska skreśla następne "
              "pole swojego koloru.",
    },
    "web_legend_bonus_b": {
        "en": "Symbol boxes come in pairs of one symbol: crossing both boxes of a pair on your "
              "sheet earns its reward (2✕ two crosses in your shortest row, ≡ one cross in each "
              "row, ×2 your shortest row counts double, +13 points, ⊘ penalties cost nothing).",
        "tr": "Sembollü kutular aynı sembolden çiftler hâlindedir: kağıdınızda bir çiftin iki "
              "kutusunu işaretlemek ödülünü kazandırır (2✕ en kısa sıranıza iki işaret, ≡ her "
              "sıraya bir işaret, ×2 en kısa sıranız iki kat sayılır, +13 puan, ⊘ başarısız "
              "zarlar puan kaybettirmez).",
        "it": "Le caselle con simbolo vanno a coppie dello stesso simbolo: segnare entrambe le "
              "caselle di una coppia sul tuo foglio dà il premio (2✕ due crocette nella riga più "
              "corta, ≡ una crocetta in ogni riga, ×2 la riga più corta vale doppio, +13 punti, "
              "⊘ i lanci a vuoto non costano nulla).",
        "pl": "Pola z symbolem tworzą pary jednego symbolu: skreślenie obu pól pary na twojej "
              "kartce daje nagrodę (2✕ dwa skreślenia w najkrótszym rzędzie, ≡ jedno skreślenie "
              "w każdym rzędzie, ×2 najkrótszy rząd liczy się podwójnie, +13 punktów, "
              "⊘ nietrafienia nic nie kosztują).",
    },
    "web_legend_mixx": {
        "en": "Mixed colours: each box has its own colour, shown by its letter (R, Y, G, B) and "
              "its pattern (R stripes, Y dots, G lines, B bars); a die crosses boxes of its colour.",
        "tr": "Karışık renkler: her kutunun kendi rengi vardır; harfi (R kırmızı, Y sarı, G yeşil, "
              "B mavi) ve deseni gösterir; bir zar kendi rengindeki kutuları işaretler.",
        "it": "Colori misti: ogni casella ha il suo colore, indicato dalla lettera (R rosso, Y "
              "giallo, G verde, B blu) e dal motivo; un dado segna le caselle del suo colore.",
        "pl": "Mieszane kolory: każde pole ma własny kolor, pokazany literą (R czerwony, Y żółty, "
              "G zielony, B niebieski) i wzorem; kość skreśla pola swojego koloru.",
    },
    "web_legend_mixx_b": {
        "en": "Mixed numbers: the numbers of each row come in a different order; a row is still "
              "crossed from left to right.",
        "tr": "Karışık sayılar: her sıranın sayıları farklı bir düzendedir; sıra yine soldan "
              "sağa işaretlenir.",
        "it": "Numeri misti: i numeri di ogni riga sono in un ordine diverso; una riga si segna "
              "sempre da sinistra a destra.",
        "pl": "Mieszane liczby: liczby w każdym rzędzie są w innej kolejności; rząd nadal "
              "skreśla się od lewej do prawej.",
    },
    # bots: a plain name and one line each (weakest first, by measured strength)
    "web_bot_named": {"en": "{level} (bot)", "tr": "{level} (bot)", "it": "{level} (bot)", "pl": "{level} (bot)"},
    "web_bot_named_n": {
        "en": "{level} (bot {n})",
        "tr": "{level} (bot {n})",
        "it": "{level} (bot {n})",
        "pl": "{level} (bot {n})",
    },
    "web_botname_quixo_random": {"en": "Beginner", "tr": "Acemi", "it": "Principiante", "pl": "Początkujący"},
    "web_botline_quixo_random": {
        "en": "Plays any legal move at random.",
        "tr": "Rastgele herhangi bir geçerli hamleyi oynar.",
        "it": "Gioca una mossa valida a caso.",
        "pl": "Gra losowy dozwolony ruch.",
    },
    "web_botname_quixo_greedy": {"en": "Novice", "tr": "Çaylak", "it": "Novizio", "pl": "Nowicjusz"},
    "web_botline_quixo_greedy": {
        "en": "Looks one move ahead: takes a win, avoids handing you one.",
        "tr": "Bir hamle ileriye bakar: kazancı alır, size kazanç bırakmaz.",
        "it": "Guarda una mossa avanti: prende una vittoria, evita di regalartene una.",
        "pl": "Patrzy o ruch do przodu: bierze wygraną, nie daje ci wygranej.",
    },
    "web_botname_quixo_easy": {"en": "Easy", "tr": "Kolay", "it": "Facile", "pl": "Łatwy"},
    "web_botline_quixo_easy": {
        "en": "Looks two moves ahead (its move and your answer).",
        "tr": "İki hamle ileriye bakar (kendi hamlesi ve sizin yanıtınız).",
        "it": "Guarda due mosse avanti (la sua e la tua risposta).",
        "pl": "Patrzy dwa ruchy do przodu (swój i twoją odpowiedź).",
    },
    "web_botname_quixo_linecount2": {"en": "Casual", "tr": "Rahat", "it": "Amatore", "pl": "Amator"},
    "web_botline_quixo_linecount2": {
        "en": "Two moves ahead, counting cubes in lines.",
        "tr": "İki hamle ileri, sıralardaki küpleri sayarak.",
        "it": "Due mosse avanti, contando i cubi nelle linee.",
        "pl": "Dwa ruchy do przodu, licząc kostki w liniach.",
    },
    "web_botname_quixo_mcts": {"en": "Gambler", "tr": "Kumarbaz", "it": "Azzardo", "pl": "Hazardzista"},
    "web_botline_quixo_mcts": {
        "en": "Plays out many random games and picks the move that did best.",
        "tr": "Birçok rastgele oyun oynar ve en iyi sonuç veren hamleyi seçer.",
        "it": "Gioca molte partite a caso e sceglie la mossa andata meglio.",
        "pl": "Rozgrywa wiele losowych partii i wybiera ruch, który wypadł najlepiej.",
    },
    "web_botname_quixo_medium": {"en": "Medium", "tr": "Orta", "it": "Medio", "pl": "Średni"},
    "web_botline_quixo_medium": {
        "en": "Searches up to four moves ahead.",
        "tr": "Dört hamleye kadar ileriyi arar.",
        "it": "Cerca fino a quattro mosse avanti.",
        "pl": "Przeszukuje do czterech ruchów do przodu.",
    },
    "web_botname_quixo_strong": {"en": "Strong", "tr": "Güçlü", "it": "Forte", "pl": "Silny"},
    "web_botline_quixo_strong": {
        "en": "Deep search for a second a move: hard to beat.",
        "tr": "Hamle başına bir saniye derin arama: yenmesi zor.",
        "it": "Ricerca profonda per un secondo a mossa: difficile da battere.",
        "pl": "Głębokie przeszukiwanie przez sekundę na ruch: trudny do pokonania.",
    },
    "web_botname_quixo_perfect": {"en": "Perfect", "tr": "Kusursuz", "it": "Perfetto", "pl": "Perfekcyjny"},
    "web_botline_quixo_perfect": {
        "en": "Plays perfectly where the solved tables cover the board (3×3, 4×4, full 5×5), "
              "else like Strong.",
        "tr": "Çözülmüş tabloların kapsadığı yerde kusursuz oynar (3×3, 4×4, dolu 5×5), "
              "başka yerde Güçlü gibi.",
        "it": "Gioca in modo perfetto dove arrivano le tabelle risolte (3×3, 4×4, 5×5 pieno), "
              "altrimenti come Forte.",
        "pl": "Gra bezbłędnie tam, gdzie sięgają rozwiązane tablice (3×3, 4×4, pełne 5×5), "
              "gdzie indziej jak Silny.",
    },
    "web_botname_qwixx_random": {"en": "Beginner", "tr": "Acemi", "it": "Principiante", "pl": "Początkujący"},
    "web_botline_qwixx_random": {
        "en": "Crosses or passes at random.",
        "tr": "Rastgele işaretler ya da pas geçer.",
        "it": "Segna o passa a caso.",
        "pl": "Skreśla albo pasuje losowo.",
    },
    "web_botname_qwixx_race": {"en": "Racer", "tr": "Yarışçı", "it": "Corridore", "pl": "Wyścigowiec"},
    "web_botline_qwixx_race": {
        "en": "Races to lock its two best rows, skipping boxes freely.",
        "tr": "En iyi iki sırasını kilitlemek için yarışır, kutuları rahatça atlar.",
        "it": "Corre a chiudere le sue due righe migliori, saltando caselle senza problemi.",
        "pl": "Pędzi, by zablokować swoje dwa najlepsze rzędy, chętnie pomija pola.",
    },
    "web_botname_qwixx_optimal": {"en": "Solo expert", "tr": "Tek kişilik usta", "it": "Esperto in solitario", "pl": "Mistrz solo"},
    "web_botline_qwixx_optimal": {
        "en": "Best score on its own sheet, ignoring the other players.",
        "tr": "Diğer oyuncuları görmezden gelip kendi kağıdında en iyi puanı hedefler.",
        "it": "Il miglior punteggio sul proprio foglio, ignorando gli altri.",
        "pl": "Najlepszy wynik na własnej kartce, bez patrzenia na innych.",
    },
    "web_botname_qwixx_gap": {"en": "Careful", "tr": "Dikkatli", "it": "Prudente", "pl": "Ostrożny"},
    "web_botline_qwixx_gap": {
        "en": "Skips as few boxes as it can and takes every lock.",
        "tr": "Olabildiğince az kutu atlar ve her kilidi alır.",
        "it": "Salta meno caselle possibile e prende ogni lucchetto.",
        "pl": "Pomija jak najmniej pól i bierze każdą kłódkę.",
    },
    "web_botname_qwixx_strong": {"en": "Strong", "tr": "Güçlü", "it": "Forte", "pl": "Silny"},
    "web_botline_qwixx_strong": {
        "en": "Plays to win: tries the dice ahead many times before it decides.",
        "tr": "Kazanmak için oynar: karar vermeden önce gelecek zarları defalarca dener.",
        "it": "Gioca per vincere: prova molte volte i dadi futuri prima di decidere.",
        "pl": "Gra o wygraną: przed decyzją wiele razy sprawdza przyszłe rzuty.",
    },
    # the rules pages (one per game and Qwixx edition)
    "web_rules_title": {
        "en": "Rules: {game}",
        "tr": "Kurallar: {game}",
        "it": "Regole: {game}",
        "pl": "Zasady: {game}",
    },
    "web_rules_example": {"en": "Example", "tr": "Örnek", "it": "Esempio", "pl": "Przykład"},
    "web_rules_scoring": {
        "en": "Points per row by the number of crosses",
        "tr": "Sıradaki işaret sayısına göre puanlar",
        "it": "Punti per riga secondo il numero di crocette",
        "pl": "Punkty za rząd według liczby skreśleń",
    },
    "web_rules_crosses": {"en": "crosses", "tr": "işaret", "it": "crocette", "pl": "skreślenia"},
    "web_rules_quixo_goal": {
        "en": "Quixo is played with cubes on a square board. Make a full line (row, column or "
              "diagonal) of cubes showing your symbol, X or O.",
        "tr": "Quixo kare bir tahtada küplerle oynanır. Kendi sembolünüzü (X ya da O) gösteren "
              "küplerle tam bir sıra (yatay, dikey ya da çapraz) yapın.",
        "it": "Quixo si gioca con cubi su un tabellone quadrato. Forma una linea completa (riga, "
              "colonna o diagonale) di cubi che mostrano il tuo simbolo, X o O.",
        "pl": "W Quixo gra się kostkami na kwadratowej planszy. Ułóż pełną linię (rząd, kolumnę "
              "lub przekątną) kostek z twoim symbolem, X albo O.",
    },
    "web_rules_quixo_move": {
        "en": "On your turn take one cube from the edge of the board that is blank or shows your "
              "symbol (never the opponent's), turn it to your symbol and push it back in at an "
              "end of its row or column: the cubes in between slide one step. It may not go back "
              "where it was taken from.",
        "tr": "Sıranız geldiğinde tahtanın kenarından boş ya da sizin sembolünüzü gösteren bir "
              "küp alın (asla rakibinkini değil), üstüne kendi sembolünüzü getirin ve onu "
              "sırasının ya da sütununun bir ucundan geri itin: aradaki küpler bir adım kayar. "
              "Alındığı yere geri konamaz.",
        "it": "Al tuo turno prendi un cubo dal bordo del tabellone che sia neutro o mostri il tuo "
              "simbolo (mai quello dell'avversario), giralo sul tuo simbolo e rimettilo "
              "spingendolo da un'estremità della sua riga o colonna: i cubi in mezzo scorrono di "
              "un passo. Non può tornare dove è stato preso.",
        "pl": "W swoim ruchu weź z brzegu planszy kostkę pustą albo z twoim symbolem (nigdy "
              "przeciwnika), obróć ją na swój symbol i wsuń z powrotem z końca jej rzędu lub "
              "kolumny: kostki pomiędzy przesuwają się o jedno pole. Nie może wrócić tam, skąd "
              "została wzięta.",
    },
    "web_rules_quixo_end": {
        "en": "You win when your move completes a line of your symbol. A move that completes a "
              "line of the opponent's symbol loses, even if it makes your own line too.",
        "tr": "Hamleniz kendi sembolünüzle bir sırayı tamamlarsa kazanırsınız. Rakibin "
              "sembolüyle bir sıra tamamlayan hamle, kendi sıranızı da yapsa kaybettirir.",
        "it": "Vinci quando la tua mossa completa una linea del tuo simbolo. Una mossa che "
              "completa una linea del simbolo avversario perde, anche se completa anche la tua.",
        "pl": "Wygrywasz, gdy twój ruch ułoży linię twojego symbolu. Ruch, który ułoży linię "
              "symbolu przeciwnika, przegrywa, nawet jeśli układa też twoją.",
    },
    "web_rules_quixo_four": {
        "en": "Four players: two teams, partners sit opposite (N and S play X, E and W play O). "
              "A cube you put back carries a dot pointing at you or at your partner: only the "
              "player it points at may take it again (blank cubes: anyone). With no cube to take "
              "you pass.",
        "tr": "Dört oyuncu: iki takım, ortaklar karşılıklı oturur (K ile G X, D ile B O oynar). "
              "Geri koyduğunuz küpün noktası size ya da ortağınıza bakar: küpü yalnızca noktanın "
              "gösterdiği oyuncu yeniden alabilir (boş küpleri herkes). Alacak küpünüz yoksa pas "
              "geçersiniz.",
        "it": "Quattro giocatori: due squadre, i compagni siedono di fronte (N e S giocano X, E e "
              "W giocano O). Il cubo che rimetti ha un punto rivolto verso di te o il tuo "
              "compagno: solo chi è indicato può riprenderlo (i cubi neutri: chiunque). Se non "
              "hai cubi da prendere, passi.",
        "pl": "Czterech graczy: dwie drużyny, partnerzy siedzą naprzeciw siebie (N i S grają X, "
              "E i W grają O). Wsuwana kostka ma kropkę skierowaną do ciebie albo do partnera: "
              "wziąć ją może tylko wskazany gracz (puste kostki: każdy). Bez kostki do wzięcia "
              "pasujesz.",
    },
    "web_rules_qwixx_goal": {
        "en": "Qwixx is a dice game: cross as many numbers as you can in the four coloured rows "
              "of your sheet. The most points wins.",
        "tr": "Qwixx bir zar oyunudur: kağıdınızdaki dört renkli sırada olabildiğince çok sayıyı "
              "işaretleyin. En çok puanı alan kazanır.",
        "it": "Qwixx è un gioco di dadi: segna con una crocetta più numeri possibile nelle quattro "
              "righe colorate del tuo foglio. Vince chi fa più punti.",
        "pl": "Qwixx to gra w kości: skreśl jak najwięcej liczb w czterech kolorowych rzędach "
              "swojej kartki. Wygrywa gracz z największą liczbą punktów.",
    },
    "web_rules_qwixx_rows": {
        "en": "Cross each row from left to right. You may skip numbers, but a skipped box is "
              "lost for good.",
        "tr": "Her sırayı soldan sağa işaretleyin. Sayı atlayabilirsiniz, ama atlanan kutu "
              "kalıcı olarak kaybedilir.",
        "it": "Ogni riga si segna da sinistra a destra. Puoi saltare numeri, ma una casella "
              "saltata è persa per sempre.",
        "pl": "Każdy rząd skreśla się od lewej do prawej. Można pomijać liczby, ale pominięte "
              "pole przepada na zawsze.",
    },
    "web_rules_qwixx_action1": {
        "en": "The active player rolls all the dice. Action 1: every player may cross the sum of "
              "the two white dice in any one row (here the choices stay hidden until all have "
              "decided).",
        "tr": "Sıradaki oyuncu bütün zarları atar. 1. eylem: her oyuncu iki beyaz zarın "
              "toplamını istediği bir sırada işaretleyebilir (burada seçimler herkes karar "
              "verene kadar gizli kalır).",
        "it": "Il giocatore attivo lancia tutti i dadi. Azione 1: ogni giocatore può segnare la "
              "somma dei due dadi bianchi in una riga a scelta (qui le scelte restano nascoste "
              "finché tutti hanno deciso).",
        "pl": "Aktywny gracz rzuca wszystkimi kośćmi. Akcja 1: każdy gracz może skreślić sumę "
              "dwóch białych kości w dowolnym rzędzie (tutaj wybory są ukryte, aż wszyscy "
              "zdecydują).",
    },
    "web_rules_qwixx_action2": {
        "en": "Action 2: the active player may add one white die to one coloured die and cross "
              "that sum in the row of that colour.",
        "tr": "2. eylem: sıradaki oyuncu bir beyaz zarı bir renkli zarla toplayıp bu toplamı o "
              "rengin sırasında işaretleyebilir.",
        "it": "Azione 2: il giocatore attivo può sommare un dado bianco a un dado colorato e "
              "segnare la somma nella riga di quel colore.",
        "pl": "Akcja 2: aktywny gracz może dodać jedną białą kość do jednej kolorowej i skreślić "
              "tę sumę w rzędzie tego koloru.",
    },
    "web_rules_qwixx_penalty": {
        "en": "If the active player crosses nothing in either action, they mark a penalty: "
              "−5 points. (The page asks before a pass that costs one.)",
        "tr": "Sıradaki oyuncu iki eylemde de hiçbir şey işaretlemezse bir başarısız zar "
              "işaretler: −5 puan. (Sayfa, buna yol açacak bir pastan önce sorar.)",
        "it": "Se il giocatore attivo non segna nulla in nessuna delle due azioni, segna un "
              "lancio a vuoto: −5 punti. (La pagina chiede conferma prima di un passaggio che "
              "lo costa.)",
        "pl": "Jeśli aktywny gracz nic nie skreśli w żadnej akcji, zaznacza nietrafienie: "
              "−5 punktów. (Strona pyta przed spasowaniem, które je kosztuje.)",
    },
    "web_rules_qwixx_lock": {
        "en": "The last number of a row may be crossed only after at least 5 crosses in that "
              "row; then cross the lock too: the row is locked for everyone and its die leaves "
              "the game.",
        "tr": "Bir sıranın son sayısı ancak o sırada en az 5 işaretten sonra işaretlenebilir; "
              "sonra kilit de işaretlenir: sıra herkes için kilitlenir ve zarı oyundan çıkar.",
        "it": "L'ultimo numero di una riga si può segnare solo dopo almeno 5 crocette in quella "
              "riga; si segna anche il lucchetto: la riga è chiusa per tutti e il suo dado esce "
              "dal gioco.",
        "pl": "Ostatnią liczbę rzędu można skreślić dopiero po co najmniej 5 skreśleniach w tym "
              "rzędzie; wtedy skreśla się też kłódkę: rząd zostaje zablokowany dla wszystkich, a "
              "jego kość wychodzi z gry.",
    },
    "web_rules_qwixx_end": {
        "en": "The game ends at once when a player has 4 penalties or when two rows are locked. "
              "Each row scores by its number of crosses (lock included), minus the penalties.",
        "tr": "Bir oyuncunun 4 başarısız zarı olunca ya da iki sıra kilitlenince oyun hemen "
              "biter. Her sıra işaret sayısına göre (kilit dahil) puan alır, başarısız zarlar "
              "düşülür.",
        "it": "La partita finisce subito quando un giocatore ha 4 lanci a vuoto o quando due "
              "righe sono chiuse. Ogni riga vale secondo il numero di crocette (lucchetto "
              "compreso), meno i lanci a vuoto.",
        "pl": "Gra kończy się od razu, gdy gracz ma 4 nietrafienia albo gdy zablokowane są dwa "
              "rzędy. Każdy rząd daje punkty według liczby skreśleń (z kłódką), minus "
              "nietrafienia.",
    },
    "web_rules_ed_classic": {
        "en": "Classic: red and yellow go from 2 to 12, green and blue from 12 to 2.",
        "tr": "Klasik: kırmızı ve sarı 2'den 12'ye, yeşil ve mavi 12'den 2'ye gider.",
        "it": "Classico: rosso e giallo vanno da 2 a 12, verde e blu da 12 a 2.",
        "pl": "Klasyczna: czerwony i żółty idą od 2 do 12, zielony i niebieski od 12 do 2.",
    },
    "web_rules_ed_longo": {
        "en": "Longo: eight-sided dice and longer rows (2 to 16); a row locks after 6 crosses, "
              "on either of its last two numbers. Each player has two lucky numbers.",
        "tr": "Longo: sekiz yüzlü zarlar ve daha uzun sıralar (2'den 16'ya); bir sıra 6 "
              "işaretten sonra son iki sayısından biriyle kilitlenir. Her oyuncunun iki uğurlu "
              "sayısı vardır.",
        "it": "Longo: dadi a otto facce e righe più lunghe (da 2 a 16); una riga si chiude dopo "
              "6 crocette, su uno dei suoi ultimi due numeri. Ogni giocatore ha due numeri "
              "fortunati.",
        "pl": "Longo: kości ośmiościenne i dłuższe rzędy (od 2 do 16); rząd blokuje się po 6 "
              "skreśleniach, na jednej z dwóch ostatnich liczb. Każdy gracz ma dwie szczęśliwe "
              "liczby.",
    },
    "web_rules_ed_mixx-a": {
        "en": "Mixx A: the boxes of a row have mixed colours. In action 2, white + a coloured die "
              "crosses a box of that colour with that number, in any row.",
        "tr": "Mixx A: bir sıranın kutuları karışık renklidir. 2. eylemde beyaz + renkli zar, o "
              "renkteki o sayılı bir kutuyu herhangi bir sırada işaretler.",
        "it": "Mixx A: le caselle di una riga hanno colori misti. Nell'azione 2, bianco + un dado "
              "colorato segna una casella di quel colore con quel numero, in qualsiasi riga.",
        "pl": "Mixx A: pola rzędu mają mieszane kolory. W akcji 2 biała + kolorowa kość skreśla "
              "pole tego koloru z tą liczbą, w dowolnym rzędzie.",
    },
    "web_rules_ed_mixx-b": {
        "en": "Mixx B: each row has one colour, but its numbers come in a shuffled order.",
        "tr": "Mixx B: her sıra tek renktir, ama sayıları karışık bir düzendedir.",
        "it": "Mixx B: ogni riga ha un solo colore, ma i suoi numeri sono in ordine mescolato.",
        "pl": "Mixx B: każdy rząd ma jeden kolor, ale jego liczby są w pomieszanej kolejności.",
    },
    "web_rules_ed_bonus-a": {
        "en": "Bonus A: crossing a bonus box (★) crosses the next box of the bonus bar, and that "
              "crosses the next possible box of its colour — chains can follow.",
        "tr": "Bonus A: bir bonus kutusunu (★) işaretlemek bonus çubuğunun sıradaki kutusunu "
              "işaretler, o da kendi renginin sıradaki uygun kutusunu işaretler — zincirler "
              "oluşabilir.",
        "it": "Bonus A: segnare una casella bonus (★) segna la prossima casella della barra "
              "bonus, che segna la prossima casella possibile del suo colore — possono seguire "
              "catene.",
        "pl": "Bonus A: skreślenie pola bonusowego (★) skreśla następne pole paska bonusowego, "
              "a ono skreśla następne możliwe pole swojego koloru — mogą powstać łańcuchy.",
    },
    "web_rules_ed_bonus-b": {
        "en": "Bonus B: pairs of symbol boxes; crossing both boxes of a pair earns its reward.",
        "tr": "Bonus B: sembollü kutu çiftleri; bir çiftin iki kutusunu işaretlemek ödülünü "
              "kazandırır.",
        "it": "Bonus B: coppie di caselle con simbolo; segnare entrambe le caselle di una coppia "
              "dà il premio.",
        "pl": "Bonus B: pary pól z symbolem; skreślenie obu pól pary daje nagrodę.",
    },
    # the offline score pad
    "web_pad_title": {
        "en": "Score pad (works offline)",
        "tr": "Puan kağıdı (çevrimdışı çalışır)",
        "it": "Blocco segnapunti (funziona offline)",
        "pl": "Kartka wyników (działa offline)",
    },
    "web_pad_intro": {
        "en": "A paper pad for a real table: tap a box to cross it, tap again to take it back. "
              "It stays in this browser only.",
        "tr": "Gerçek bir masa için kağıt: kutuyu işaretlemek için dokunun, geri almak için yine "
              "dokunun. Yalnızca bu tarayıcıda kalır.",
        "it": "Un foglio per il tavolo vero: tocca una casella per segnarla, tocca di nuovo per "
              "toglierla. Resta solo in questo browser.",
        "pl": "Papierowa kartka do prawdziwego stołu: dotknij pola, by je skreślić, jeszcze raz, "
              "by cofnąć. Zostaje tylko w tej przeglądarce.",
    },
    "web_pad_clear": {
        "en": "Clear the sheets",
        "tr": "Kağıtları temizle",
        "it": "Cancella i fogli",
        "pl": "Wyczyść kartki",
    },
    "web_pad_clear_confirm": {
        "en": "Erase every cross and penalty on every sheet?",
        "tr": "Bütün kağıtlardaki tüm işaretler ve başarısız zarlar silinsin mi?",
        "it": "Cancellare tutte le crocette e i lanci a vuoto di ogni foglio?",
        "pl": "Usunąć wszystkie skreślenia i nietrafienia ze wszystkich kartek?",
    },
    "web_pad_note": {
        "en": "Like paper, this pad does not check the rules; the row points follow the edition's "
              "table (crossing a row's last box crosses its lock too). Bonus boxes and rewards "
              "are not added: for those, play a score-pad game from the lobby.",
        "tr": "Kağıt gibi, bu puan kağıdı kuralları denetlemez; sıra puanları baskının tablosuna "
              "göredir (sıranın son kutusu işaretlenince kilidi de işaretlenir). Bonus kutuları ve "
              "ödüller eklenmez: bunlar için lobiden bir puan kağıdı oyunu açın.",
        "it": "Come la carta, questo blocco non controlla le regole; i punti delle righe seguono "
              "la tabella dell'edizione (segnare l'ultima casella di una riga segna anche il "
              "lucchetto). Caselle bonus e premi non sono aggiunti: per quelli gioca una partita "
              "segnapunti dalla sala.",
        "pl": "Jak papier, ta kartka nie sprawdza zasad; punkty rzędów idą według tabeli wydania "
              "(skreślenie ostatniego pola rzędu skreśla też kłódkę). Pola bonusowe i nagrody nie "
              "są doliczane: do tego zagraj grę z kartką wyników z poczekalni.",
    },
    # the first-game walkthrough
    "web_guide_title": {
        "en": "First game",
        "tr": "İlk oyun",
        "it": "Prima partita",
        "pl": "Pierwsza gra",
    },
    "web_guide_step": {
        "en": "step {n} of {total}",
        "tr": "adım {n}/{total}",
        "it": "passo {n} di {total}",
        "pl": "krok {n} z {total}",
    },
    "web_guide_skip": {
        "en": "Skip the guide",
        "tr": "Rehberi atla",
        "it": "Salta la guida",
        "pl": "Pomiń przewodnik",
    },
    "web_guide_done": {"en": "Got it", "tr": "Anladım", "it": "Capito", "pl": "Rozumiem"},
    "web_guide_quixo_1": {
        "en": "Pick a cube with an orange frame on the edge of the board: a blank one or one "
              "showing your symbol. (Keyboard: Tab to the board, arrow keys, Enter.)",
        "tr": "Tahtanın kenarında turuncu çerçeveli bir küp seçin: boş ya da sizin sembolünüzü "
              "gösteren bir küp. (Klavye: Tab ile tahtaya, ok tuşları, Enter.)",
        "it": "Scegli un cubo con la cornice arancione sul bordo del tabellone: neutro o con il "
              "tuo simbolo. (Tastiera: Tab fino al tabellone, frecce, Invio.)",
        "pl": "Wybierz kostkę w pomarańczowej ramce na brzegu planszy: pustą albo z twoim "
              "symbolem. (Klawiatura: Tab do planszy, strzałki, Enter.)",
    },
    "web_guide_quixo_2": {
        "en": "The blue arrows show where the cube may go back in. Pick one: the cube is pushed "
              "in there with your symbol on top and the line slides one step. Escape puts the "
              "cube back.",
        "tr": "Mavi oklar küpün nereden geri girebileceğini gösterir. Birini seçin: küp üstünde "
              "sizin sembolünüzle oradan itilir ve sıra bir adım kayar. Escape küpü geri bırakır.",
        "it": "Le frecce blu mostrano dove il cubo può rientrare. Scegline una: il cubo rientra "
              "lì con il tuo simbolo sopra e la linea scorre di un passo. Esc rimette il cubo.",
        "pl": "Niebieskie strzałki pokazują, gdzie kostka może wrócić. Wybierz jedną: kostka "
              "zostanie tam wsunięta z twoim symbolem na górze, a linia przesunie się o pole. "
              "Escape odkłada kostkę.",
    },
    "web_guide_quixo_3": {
        "en": "Done! Now the other side plays. Make a full line of your symbol to win — and never "
              "complete a line of theirs.",
        "tr": "Tamam! Şimdi öbür taraf oynuyor. Kazanmak için kendi sembolünüzle tam bir sıra "
              "yapın — ve asla onlarınkini tamamlamayın.",
        "it": "Fatto! Ora gioca l'altra parte. Forma una linea completa del tuo simbolo per "
              "vincere — e non completare mai una linea dell'avversario.",
        "pl": "Gotowe! Teraz gra druga strona. Ułóż pełną linię swojego symbolu, by wygrać — i "
              "nigdy nie kończ linii przeciwnika.",
    },
    "web_guide_qwixx_1": {
        "en": "You are the active player: roll the dice.",
        "tr": "Sıradaki oyuncu sizsiniz: zarları atın.",
        "it": "Sei il giocatore attivo: lancia i dadi.",
        "pl": "Jesteś aktywnym graczem: rzuć kośćmi.",
    },
    "web_guide_qwixx_2": {
        "en": "Action 1: everyone may cross the sum of the two white dice in one row — the boxes "
              "with a black frame — or pass. The others do not see your choice until all have "
              "chosen.",
        "tr": "1. eylem: herkes iki beyaz zarın toplamını bir sırada — siyah çerçeveli kutular — "
              "işaretleyebilir ya da pas geçebilir. Herkes seçene kadar diğerleri seçiminizi "
              "görmez.",
        "it": "Azione 1: tutti possono segnare la somma dei due dadi bianchi in una riga — le "
              "caselle con la cornice nera — oppure passare. Gli altri non vedono la tua scelta "
              "finché tutti hanno scelto.",
        "pl": "Akcja 1: każdy może skreślić sumę dwóch białych kości w jednym rzędzie — pola w "
              "czarnej ramce — albo spasować. Inni nie widzą twojego wyboru, aż wszyscy wybiorą.",
    },
    "web_guide_qwixx_3": {
        "en": "Action 2, for the active player only: add one white die to one coloured die and "
              "cross that sum in the row of that colour — or pass.",
        "tr": "2. eylem, yalnızca sıradaki oyuncu için: bir beyaz zarı bir renkli zarla toplayın "
              "ve bu toplamı o rengin sırasında işaretleyin — ya da pas geçin.",
        "it": "Azione 2, solo per il giocatore attivo: somma un dado bianco a un dado colorato e "
              "segna la somma nella riga di quel colore — oppure passa.",
        "pl": "Akcja 2, tylko dla aktywnego gracza: dodaj jedną białą kość do jednej kolorowej i "
              "skreśl tę sumę w rzędzie tego koloru — albo spasuj.",
    },
    "web_guide_qwixx_4": {
        "en": "If you cross nothing at all in your own turn you get a penalty (−5): the page asks "
              "first. The game ends at 4 penalties or 2 locked rows.",
        "tr": "Kendi turunuzda hiçbir şey işaretlemezseniz bir başarısız zar alırsınız (−5): "
              "sayfa önce sorar. Oyun 4 başarısız zarda ya da 2 kilitli sırada biter.",
        "it": "Se nel tuo turno non segni nulla prendi un lancio a vuoto (−5): la pagina chiede "
              "prima. La partita finisce a 4 lanci a vuoto o con 2 righe chiuse.",
        "pl": "Jeśli w swojej turze nic nie skreślisz, dostajesz nietrafienie (−5): strona "
              "najpierw pyta. Gra kończy się przy 4 nietrafieniach albo 2 zablokowanych rzędach.",
    },
    # chat and reactions
    "web_chat": {"en": "Chat", "tr": "Sohbet", "it": "Chat", "pl": "Czat"},
    "web_chat_send": {"en": "Send", "tr": "Gönder", "it": "Invia", "pl": "Wyślij"},
    "web_chat_placeholder": {
        "en": "Write a message",
        "tr": "Bir mesaj yazın",
        "it": "Scrivi un messaggio",
        "pl": "Napisz wiadomość",
    },
    "web_chat_to": {"en": "Send to", "tr": "Alıcı", "it": "Destinatari", "pl": "Do kogo"},
    "web_chat_to_all": {"en": "everyone", "tr": "herkes", "it": "tutti", "pl": "wszyscy"},
    "web_chat_to_team": {
        "en": "my partner only",
        "tr": "yalnızca ortağım",
        "it": "solo il mio compagno",
        "pl": "tylko partner",
    },
    "web_chat_team_tag": {"en": "[team]", "tr": "[takım]", "it": "[squadra]", "pl": "[drużyna]"},
    "web_chat_read_only": {
        "en": "Spectators read the chat; the players have not let them write.",
        "tr": "İzleyiciler sohbeti okur; oyuncular yazmalarına izin vermedi.",
        "it": "Gli spettatori leggono la chat; i giocatori non hanno permesso di scrivere.",
        "pl": "Widzowie czytają czat; gracze nie pozwolili im pisać.",
    },
    "web_spectator": {"en": "spectator", "tr": "izleyici", "it": "spettatore", "pl": "widz"},
    "web_reactions": {"en": "Quick reactions", "tr": "Hızlı tepkiler", "it": "Reazioni rapide", "pl": "Szybkie reakcje"},
    "web_confer": {
        "en": "Partners may confer (team chat)",
        "tr": "Ortaklar danışabilir (takım sohbeti)",
        "it": "I compagni possono consultarsi (chat di squadra)",
        "pl": "Partnerzy mogą się naradzać (czat drużyny)",
    },
    "web_spectator_chat": {
        "en": "Spectators may write in the chat",
        "tr": "İzleyiciler sohbete yazabilir",
        "it": "Gli spettatori possono scrivere nella chat",
        "pl": "Widzowie mogą pisać na czacie",
    },
}
