"""Texts of the ``qwixo`` command line: argparse help, descriptions and the messages the
sub-commands print (machine-readable lines such as ``plies/s: N`` stay untranslated).

Help texts go through argparse, so a literal percent sign must be written ``%%`` and
``%(default)s``-style fields must be the same in every language (tests/test_cli_i18n.py).
"""

TEXTS: dict[str, dict[str, str]] = {
    # -- argparse's own words and the top level ---------------------------------------------
    "cli_usage": {
        "en": "usage: ",
        "tr": "kullanım: ",
        "it": "uso: ",
        "pl": "użycie: ",
    },
    "cli_options": {
        "en": "options",
        "tr": "seçenekler",
        "it": "opzioni",
        "pl": "opcje",
    },
    "cli_positionals": {
        "en": "positional arguments",
        "tr": "konumsal argümanlar",
        "it": "argomenti posizionali",
        "pl": "argumenty pozycyjne",
    },
    "cli_error": {
        "en": "{prog}: error: {message}",
        "tr": "{prog}: hata: {message}",
        "it": "{prog}: errore: {message}",
        "pl": "{prog}: błąd: {message}",
    },
    "cli_needs_extra": {
        "en": "this command needs an optional part of qwixo that is not installed "
              "(module {module}): pip install 'qwixo[{extra}]'",
        "tr": "bu komut, qwixo'nun kurulu olmayan isteğe bağlı bir parçasını gerektiriyor "
              "({module} modülü): pip install 'qwixo[{extra}]'",
        "it": "questo comando richiede una parte facoltativa di qwixo che non è installata "
              "(modulo {module}): pip install 'qwixo[{extra}]'",
        "pl": "to polecenie wymaga opcjonalnej części qwixo, która nie jest zainstalowana "
              "(moduł {module}): pip install 'qwixo[{extra}]'",
    },
    "cli_help_help": {
        "en": "show this help message and exit",
        "tr": "bu yardım iletisini göster ve çık",
        "it": "mostra questo messaggio di aiuto ed esci",
        "pl": "pokaż ten komunikat pomocy i zakończ",
    },
    "cli_help_version": {
        "en": "show program's version number and exit",
        "tr": "programın sürüm numarasını göster ve çık",
        "it": "mostra il numero di versione del programma ed esci",
        "pl": "pokaż numer wersji programu i zakończ",
    },
    "cli_help_lang": {
        "en": "language of the texts (default: QWIXO_LANG or the locale)",
        "tr": "metinlerin dili (varsayılan: QWIXO_LANG ya da yerel ayar)",
        "it": "lingua dei testi (predefinita: QWIXO_LANG o la localizzazione)",
        "pl": "język tekstów (domyślnie: QWIXO_LANG lub ustawienia regionalne)",
    },
    "cli_help_play": {
        "en": "play in the terminal",
        "tr": "terminalde oyna",
        "it": "gioca nel terminale",
        "pl": "graj w terminalu",
    },
    "cli_help_quixo": {
        "en": "Quixo tools: bench, perft, solve, hint",
        "tr": "Quixo araçları: bench, perft, solve, hint",
        "it": "strumenti Quixo: bench, perft, solve, hint",
        "pl": "narzędzia Quixo: bench, perft, solve, hint",
    },
    "cli_help_qwixx": {
        "en": "Qwixx tools: bench, solve, hint",
        "tr": "Qwixx araçları: bench, solve, hint",
        "it": "strumenti Qwixx: bench, solve, hint",
        "pl": "narzędzia Qwixx: bench, solve, hint",
    },
    # -- shared by several sub-commands -----------------------------------------------------
    "clih_load": {
        "en": "resume a saved game",
        "tr": "kaydedilmiş bir oyuna devam et",
        "it": "riprendi una partita salvata",
        "pl": "wznów zapisaną grę",
    },
    "clih_lang": {
        "en": "language of the texts",
        "tr": "metinlerin dili",
        "it": "lingua dei testi",
        "pl": "język tekstów",
    },
    "clih_no_color": {
        "en": "no colours (letters only)",
        "tr": "renk yok (yalnızca harfler)",
        "it": "niente colori (solo lettere)",
        "pl": "bez kolorów (tylko litery)",
    },
    "clih_size_3_7": {
        "en": "board size 3..7 (default 5)",
        "tr": "tahta boyutu 3..7 (varsayılan 5)",
        "it": "dimensione della tavola 3..7 (predefinita 5)",
        "pl": "rozmiar planszy 3..7 (domyślnie 5)",
    },
    "cli_why_int_ge0": {
        "en": "an integer >= 0",
        "tr": ">= 0 bir tam sayı",
        "it": "un intero >= 0",
        "pl": "liczba całkowita >= 0",
    },
    "cli_why_positive_seconds": {
        "en": "a positive number of seconds",
        "tr": "pozitif bir saniye sayısı",
        "it": "un numero positivo di secondi",
        "pl": "dodatnia liczba sekund",
    },
    "cli_why_1_to_5": {
        "en": "1 to 5",
        "tr": "1 ile 5 arası",
        "it": "da 1 a 5",
        "pl": "od 1 do 5",
    },
    "cli_why_at_least_1": {
        "en": "at least 1",
        "tr": "en az 1",
        "it": "almeno 1",
        "pl": "co najmniej 1",
    },
    "cli_why_not_qwixx": {
        "en": "not a Qwixx game",
        "tr": "bir Qwixx oyunu değil",
        "it": "non è una partita di Qwixx",
        "pl": "to nie jest gra Qwixx",
    },
    "cli_why_lucky_pairs": {
        "en": "pairs like 5,8/5,10",
        "tr": "5,8/5,10 gibi çiftler",
        "it": "coppie come 5,8/5,10",
        "pl": "pary w rodzaju 5,8/5,10",
    },
    "cli_why_bot_name": {
        "en": "a bot name",
        "tr": "bir bot adı",
        "it": "un nome di bot",
        "pl": "nazwa bota",
    },
    # -- qwixo quixo bench / perft -----------------------------------------------------------
    "clih_quixo_bench": {
        "en": "random 2-player 5×5 games on one core: plies per second",
        "tr": "tek çekirdekte rastgele 2 oyunculu 5×5 oyunlar: saniyede hamle sayısı",
        "it": "partite casuali 5×5 a 2 giocatori su un core: semimosse al secondo",
        "pl": "losowe partie 5×5 dla 2 graczy na jednym rdzeniu: półruchy na sekundę",
    },
    "clih_quixo_bench_seconds": {
        "en": "how long to play (default 3)",
        "tr": "ne kadar süre oynanacağı (varsayılan 3)",
        "it": "per quanto tempo giocare (predefinito 3)",
        "pl": "jak długo grać (domyślnie 3)",
    },
    "clih_quixo_bench_seed": {
        "en": "xorshift seed",
        "tr": "xorshift tohumu",
        "it": "seme di xorshift",
        "pl": "ziarno xorshift",
    },
    "clih_quixo_bench_size": {
        "en": "board size (default 5)",
        "tr": "tahta boyutu (varsayılan 5)",
        "it": "dimensione della tavola (predefinita 5)",
        "pl": "rozmiar planszy (domyślnie 5)",
    },
    "clih_perft": {
        "en": "count the move sequences of a given length",
        "tr": "belirli uzunluktaki hamle dizilerini say",
        "it": "conta le sequenze di mosse di una data lunghezza",
        "pl": "policz sekwencje ruchów o zadanej długości",
    },
    "clih_perft_depth": {
        "en": "number of plies",
        "tr": "yarım hamle sayısı",
        "it": "numero di semimosse",
        "pl": "liczba półruchów",
    },
    "clih_perft_position": {
        "en": "start position (default: the empty board)",
        "tr": "başlangıç konumu (varsayılan: boş tahta)",
        "it": "posizione iniziale (predefinita: la tavola vuota)",
        "pl": "pozycja początkowa (domyślnie: pusta plansza)",
    },
    "clih_perft_divide": {
        "en": "also print the count below each move",
        "tr": "her hamlenin altındaki sayıyı da yazdır",
        "it": "stampa anche il conteggio sotto ogni mossa",
        "pl": "wypisz też liczbę pod każdym ruchem",
    },
    "clih_perft_time": {
        "en": "print the time taken on stderr",
        "tr": "geçen süreyi stderr'e yazdır",
        "it": "stampa il tempo impiegato su stderr",
        "pl": "wypisz zużyty czas na stderr",
    },
    "quixo_bench_board": {
        "en": "board: {size}x{size}, 2 players, uniformly random moves, one core",
        "tr": "tahta: {size}x{size}, 2 oyuncu, düzgün rastgele hamleler, tek çekirdek",
        "it": "tavola: {size}x{size}, 2 giocatori, mosse casuali uniformi, un core",
        "pl": "plansza: {size}x{size}, 2 graczy, jednostajnie losowe ruchy, jeden rdzeń",
    },
    "quixo_bench_warm": {
        "en": "warm-up (compile or cache load): {seconds} s",
        "tr": "ısınma (derleme ya da önbellekten yükleme): {seconds} s",
        "it": "riscaldamento (compilazione o caricamento dalla cache): {seconds} s",
        "pl": "rozgrzewka (kompilacja lub wczytanie z pamięci podręcznej): {seconds} s",
    },
    "quixo_bench_counts": {
        "en": "games: {games}  plies: {plies}  cpu seconds: {cpu}  wall seconds: {wall}",
        "tr": "oyunlar: {games}  yarım hamleler: {plies}  cpu saniyesi: {cpu}  "
              "gerçek saniye: {wall}",
        "it": "partite: {games}  semimosse: {plies}  secondi di cpu: {cpu}  "
              "secondi reali: {wall}",
        "pl": "partie: {games}  półruchy: {plies}  sekundy cpu: {cpu}  sekundy zegara: {wall}",
    },
    "quixo_bench_mean": {
        "en": "mean game length: {plies} plies",
        "tr": "ortalama oyun uzunluğu: {plies} yarım hamle",
        "it": "durata media di una partita: {plies} semimosse",
        "pl": "średnia długość partii: {plies} półruchów",
    },
    "quixo_bench_wins": {
        "en": "wins: x {x}  o {o}  unfinished {unfinished}",
        "tr": "galibiyetler: x {x}  o {o}  bitmemiş {unfinished}",
        "it": "vittorie: x {x}  o {o}  non finite {unfinished}",
        "pl": "wygrane: x {x}  o {o}  niedokończone {unfinished}",
    },
    "quixo_perft_time": {
        "en": "perft({depth}) = {total} in {seconds} s ({rate} leaves/s, compile or cache load "
              "included)",
        "tr": "perft({depth}) = {total}, {seconds} s içinde (saniyede {rate} yaprak, derleme ya "
              "da önbellekten yükleme dahil)",
        "it": "perft({depth}) = {total} in {seconds} s ({rate} foglie/s, compilazione o "
              "caricamento dalla cache inclusi)",
        "pl": "perft({depth}) = {total} w {seconds} s ({rate} liści/s, wliczając kompilację lub "
              "wczytanie z pamięci podręcznej)",
    },
    # -- qwixo play quixo --------------------------------------------------------------------
    "clih_play_quixo": {
        "en": "play Quixo in the terminal (hot-seat or against bots)",
        "tr": "terminalde Quixo oyna (aynı ekranda ya da botlara karşı)",
        "it": "gioca a Quixo nel terminale (a turno sullo stesso schermo o contro i bot)",
        "pl": "graj w Quixo w terminalu (na zmianę przy jednym ekranie lub z botami)",
    },
    "clih_play_quixo_position": {
        "en": "start from this position",
        "tr": "bu konumdan başla",
        "it": "parti da questa posizione",
        "pl": "zacznij od tej pozycji",
    },
    "clih_play_quixo_vs": {
        "en": "a bot plays every seat but yours (see --list-bots)",
        "tr": "sizinki dışındaki her koltukta bir bot oynar (bkz. --list-bots)",
        "it": "un bot gioca in ogni posto tranne il tuo (vedi --list-bots)",
        "pl": "bot gra na każdym miejscu oprócz twojego (zob. --list-bots)",
    },
    "clih_play_quixo_seat": {
        "en": "your side against bots: x or o (2 players), N/E/S/W (4); default first",
        "tr": "botlara karşı tarafınız: x ya da o (2 oyuncu), N/E/S/W (4); varsayılan ilk",
        "it": "il tuo lato contro i bot: x o o (2 giocatori), N/E/S/W (4); predefinito il "
              "primo",
        "pl": "twoja strona przeciw botom: x lub o (2 graczy), N/E/S/W (4); domyślnie pierwsza",
    },
    "clih_play_quixo_seconds": {
        "en": "time per bot move and hint",
        "tr": "bot hamlesi ve ipucu başına süre",
        "it": "tempo per ogni mossa dei bot e per ogni suggerimento",
        "pl": "czas na ruch bota i na podpowiedź",
    },
    "clih_play_quixo_ply_limit": {
        "en": "draw after this many plies",
        "tr": "bu kadar yarım hamleden sonra berabere",
        "it": "patta dopo questo numero di semimosse",
        "pl": "remis po tylu półruchach",
    },
    "clih_play_quixo_repetition": {
        "en": "draw when a position occurs this many times (3: threefold)",
        "tr": "bir konum bu kadar kez oluşunca berabere (3: üç kez tekrar)",
        "it": "patta quando una posizione si ripete questo numero di volte (3: triplice)",
        "pl": "remis, gdy pozycja wystąpi tyle razy (3: trzykrotne powtórzenie)",
    },
    "clih_list_bots": {
        "en": "list the bot names and exit",
        "tr": "bot adlarını listele ve çık",
        "it": "elenca i nomi dei bot ed esci",
        "pl": "wypisz nazwy botów i zakończ",
    },
    # -- qwixo quixo hint ----------------------------------------------------------------------
    "clih_qhint": {
        "en": "value of a position and its best moves (database or search)",
        "tr": "bir konumun değeri ve en iyi hamleleri (veritabanı ya da arama)",
        "it": "valore di una posizione e le sue mosse migliori (database o ricerca)",
        "pl": "wartość pozycji i jej najlepsze ruchy (baza danych lub przeszukiwanie)",
    },
    "clih_qhint_position": {
        "en": "the position, e.g. '...../...../...../...../..... x' (default: the empty board)",
        "tr": "konum, ör. '...../...../...../...../..... x' (varsayılan: boş tahta)",
        "it": "la posizione, ad es. '...../...../...../...../..... x' (predefinita: la tavola "
              "vuota)",
        "pl": "pozycja, np. '...../...../...../...../..... x' (domyślnie: pusta plansza)",
    },
    "clih_qhint_size": {
        "en": "board size 3..7 for the empty board (checked against POSITION)",
        "tr": "boş tahta için tahta boyutu 3..7 (POSITION ile karşılaştırılır)",
        "it": "dimensione 3..7 della tavola vuota (confrontata con POSITION)",
        "pl": "rozmiar pustej planszy 3..7 (sprawdzany względem POSITION)",
    },
    "clih_qhint_players": {
        "en": "2 or 4 players for the empty board",
        "tr": "boş tahta için 2 ya da 4 oyuncu",
        "it": "2 o 4 giocatori per la tavola vuota",
        "pl": "2 lub 4 graczy dla pustej planszy",
    },
    "clih_qhint_seconds": {
        "en": "search time when no database covers the position (default {seconds})",
        "tr": "konumu hiçbir veritabanı kapsamadığında arama süresi (varsayılan {seconds})",
        "it": "tempo di ricerca quando nessun database copre la posizione (predefinito "
              "{seconds})",
        "pl": "czas przeszukiwania, gdy żadna baza nie obejmuje pozycji (domyślnie {seconds})",
    },
    "clih_qhint_top": {
        "en": "moves to list (default {top})",
        "tr": "listelenecek hamle sayısı (varsayılan {top})",
        "it": "mosse da elencare (predefinito {top})",
        "pl": "liczba wypisywanych ruchów (domyślnie {top})",
    },
    "clih_qhint_json": {
        "en": "print the hint as JSON",
        "tr": "ipucunu JSON olarak yazdır",
        "it": "stampa il suggerimento in JSON",
        "pl": "wypisz podpowiedź jako JSON",
    },
    # -- qwixo play qwixx / qwixo qwixx speed ---------------------------------------------------
    "clih_play_qwixx": {
        "en": "play Qwixx in the terminal, or keep score at a real table",
        "tr": "terminalde Qwixx oyna ya da gerçek bir masada puan tut",
        "it": "gioca a Qwixx nel terminale, o tieni il punteggio a un tavolo vero",
        "pl": "graj w Qwixx w terminalu albo prowadź punktację przy prawdziwym stole",
    },
    "clih_play_qwixx_desc": {
        "en": "Play Qwixx (hot-seat or against bots) or use the score pad (--pad) for a group "
              "rolling real dice.",
        "tr": "Qwixx oyna (aynı ekranda ya da botlara karşı) ya da gerçek zar atan bir grup için "
              "puan defterini (--pad) kullan.",
        "it": "Gioca a Qwixx (a turno sullo stesso schermo o contro i bot) o usa il blocco "
              "segnapunti (--pad) per un gruppo che lancia dadi veri.",
        "pl": "Graj w Qwixx (na zmianę przy jednym ekranie lub z botami) albo użyj notesu "
              "punktów (--pad) dla grupy rzucającej prawdziwymi kośćmi.",
    },
    "clih_play_qwixx_edition": {
        "en": "the sheet",
        "tr": "oyun kağıdı",
        "it": "il foglio segnapunti",
        "pl": "karta wyników",
    },
    "clih_play_qwixx_players": {
        "en": "1 to 5 (default 2)",
        "tr": "1 ile 5 arası (varsayılan 2)",
        "it": "da 1 a 5 (predefinito 2)",
        "pl": "od 1 do 5 (domyślnie 2)",
    },
    "clih_play_qwixx_vs": {
        "en": "bots play every seat but the first; BOT or BOT1,BOT2,...",
        "tr": "ilki dışındaki her koltukta botlar oynar; BOT ya da BOT1,BOT2,...",
        "it": "i bot giocano in ogni posto tranne il primo; BOT o BOT1,BOT2,...",
        "pl": "boty grają na każdym miejscu oprócz pierwszego; BOT lub BOT1,BOT2,...",
    },
    "clih_play_qwixx_pad": {
        "en": "score pad: type the dice you roll, the rules and scores are kept",
        "tr": "puan defteri: attığınız zarları yazın, kurallar ve puanlar takip edilir",
        "it": "blocco segnapunti: scrivi i dadi che lanci, regole e punteggi sono gestiti",
        "pl": "notes punktów: wpisuj wyrzucone kości, zasady i punkty są pilnowane",
    },
    "clih_play_qwixx_names": {
        "en": "player names, comma-separated",
        "tr": "oyuncu adları, virgülle ayrılmış",
        "it": "nomi dei giocatori, separati da virgole",
        "pl": "imiona graczy, oddzielone przecinkami",
    },
    "clih_play_qwixx_seed": {
        "en": "seed of the dice",
        "tr": "zarların tohumu",
        "it": "seme dei dadi",
        "pl": "ziarno kości",
    },
    "clih_play_qwixx_lucky": {
        "en": "Longo lucky numbers per player, e.g. 5,8/5,10/6,11",
        "tr": "oyuncu başına Longo şanslı sayıları, ör. 5,8/5,10/6,11",
        "it": "numeri fortunati di Longo per giocatore, ad es. 5,8/5,10/6,11",
        "pl": "szczęśliwe liczby Longo dla każdego gracza, np. 5,8/5,10/6,11",
    },
    "clih_speed": {
        "en": "whole random games/s through the contract vs the referee",
        "tr": "sözleşme üzerinden saniyede tam rastgele oyun, hakeme karşı",
        "it": "partite casuali complete al secondo tramite il contratto, contro l'arbitro",
        "pl": "całe losowe partie na sekundę przez kontrakt w porównaniu z sędzią",
    },
    "clih_speed_repeat": {
        "en": "measure this many times, keep the best (default 3)",
        "tr": "bu kadar kez ölç, en iyisini al (varsayılan 3)",
        "it": "misura questo numero di volte, tieni il migliore (predefinito 3)",
        "pl": "zmierz tyle razy, zachowaj najlepszy wynik (domyślnie 3)",
    },
    "qwixx_speed_title": {
        "en": "{edition}, {players} players, {games} random games, best of {repeat}",
        "tr": "{edition}, {players} oyuncu, {games} rastgele oyun, {repeat} ölçümün en iyisi",
        "it": "{edition}, {players} giocatori, {games} partite casuali, migliore di {repeat}",
        "pl": "{edition}, {players} graczy, {games} losowych partii, najlepszy z {repeat}",
    },
    "qwixx_speed_engine": {
        "en": "engine (public contract): {rate} games/s",
        "tr": "motor (genel sözleşme): saniyede {rate} oyun",
        "it": "motore (contratto pubblico): {rate} partite/s",
        "pl": "silnik (publiczny kontrakt): {rate} partii/s",
    },
    "qwixx_speed_referee": {
        "en": "referee (pure Python):    {rate} games/s",
        "tr": "hakem (saf Python):    saniyede {rate} oyun",
        "it": "arbitro (Python puro):    {rate} partite/s",
        "pl": "sędzia (czysty Python):    {rate} partii/s",
    },
    # -- qwixo qwixx bench / hint ---------------------------------------------------------------
    "clih_qbench": {
        "en": "games/s of the batch simulator (random policy, classic)",
        "tr": "toplu simülatörün saniyedeki oyun sayısı (rastgele strateji, klasik)",
        "it": "partite/s del simulatore a lotti (strategia casuale, classico)",
        "pl": "partie/s symulatora wsadowego (losowa strategia, klasyczna)",
    },
    "clih_qbench_seconds": {
        "en": "how long to run (default 3)",
        "tr": "ne kadar süre çalışacağı (varsayılan 3)",
        "it": "per quanto tempo eseguire (predefinito 3)",
        "pl": "jak długo działać (domyślnie 3)",
    },
    "clih_qbench_players": {
        "en": "players per game (default 4)",
        "tr": "oyun başına oyuncu (varsayılan 4)",
        "it": "giocatori per partita (predefinito 4)",
        "pl": "graczy na partię (domyślnie 4)",
    },
    "clih_qxhint": {
        "en": "rank a player's options in a saved game",
        "tr": "kaydedilmiş bir oyunda bir oyuncunun seçeneklerini sırala",
        "it": "ordina le opzioni di un giocatore in una partita salvata",
        "pl": "uszereguj opcje gracza w zapisanej grze",
    },
    "clih_qxhint_file": {
        "en": "a saved Qwixx game (JSON, as written by save)",
        "tr": "kaydedilmiş bir Qwixx oyunu (save'in yazdığı biçimde JSON)",
        "it": "una partita di Qwixx salvata (JSON, come la scrive save)",
        "pl": "zapisana gra Qwixx (JSON, tak jak zapisuje save)",
    },
    "clih_qxhint_player": {
        "en": "the player to advise (default: every player to decide now)",
        "tr": "tavsiye verilecek oyuncu (varsayılan: şimdi karar verecek her oyuncu)",
        "it": "il giocatore da consigliare (predefinito: ogni giocatore che decide ora)",
        "pl": "gracz, któremu doradzić (domyślnie: każdy gracz, który teraz decyduje)",
    },
    "clih_qxhint_seconds": {
        "en": "search time per player",
        "tr": "oyuncu başına arama süresi",
        "it": "tempo di ricerca per giocatore",
        "pl": "czas przeszukiwania na gracza",
    },
    "clih_qxhint_playouts": {
        "en": "playouts per option (default 2048; ignored with --seconds)",
        "tr": "seçenek başına deneme oyunu (varsayılan 2048; --seconds ile yok sayılır)",
        "it": "simulazioni per opzione (predefinito 2048; ignorato con --seconds)",
        "pl": "symulacje na opcję (domyślnie 2048; pomijane przy --seconds)",
    },
    # -- qwixo serve ----------------------------------------------------------------------------
    "clih_serve": {
        "en": "run the web app (HTTP + WebSocket, SQLite database)",
        "tr": "web uygulamasını çalıştır (HTTP + WebSocket, SQLite veritabanı)",
        "it": "avvia l'app web (HTTP + WebSocket, database SQLite)",
        "pl": "uruchom aplikację webową (HTTP + WebSocket, baza SQLite)",
    },
    "clih_serve_desc": {
        "en": "Serve the web app: play Qwixx and Quixo in the browser.",
        "tr": "Web uygulamasını sun: tarayıcıda Qwixx ve Quixo oyna.",
        "it": "Servi l'app web: gioca a Qwixx e Quixo nel browser.",
        "pl": "Udostępnij aplikację webową: graj w Qwixx i Quixo w przeglądarce.",
    },
    "clih_serve_host": {
        "en": "address to bind (default 127.0.0.1)",
        "tr": "bağlanılacak adres (varsayılan 127.0.0.1)",
        "it": "indirizzo su cui mettersi in ascolto (predefinito 127.0.0.1)",
        "pl": "adres do nasłuchu (domyślnie 127.0.0.1)",
    },
    "clih_serve_port": {
        "en": "port (default 8000; 0 = any free)",
        "tr": "port (varsayılan 8000; 0 = herhangi bir boş port)",
        "it": "porta (predefinita 8000; 0 = una libera qualsiasi)",
        "pl": "port (domyślnie 8000; 0 = dowolny wolny)",
    },
    "clih_serve_db": {
        "en": "SQLite database file (default: the data directory's qwixo.sqlite)",
        "tr": "SQLite veritabanı dosyası (varsayılan: veri dizinindeki qwixo.sqlite)",
        "it": "file del database SQLite (predefinito: qwixo.sqlite nella cartella dei dati)",
        "pl": "plik bazy SQLite (domyślnie: qwixo.sqlite w katalogu danych)",
    },
    "clih_serve_bot_delay": {
        "en": "seconds a bot waits before it moves, so people can follow (default 0.4)",
        "tr": "insanlar takip edebilsin diye botun hamleden önce beklediği saniye "
              "(varsayılan 0.4)",
        "it": "secondi che un bot attende prima di muovere, perché le persone possano seguire "
              "(predefinito 0.4)",
        "pl": "ile sekund bot czeka przed ruchem, aby ludzie mogli śledzić grę (domyślnie 0.4)",
    },
    "clih_serve_http_rate": {
        "en": "POST requests per second per client address (burst 10x; default 2)",
        "tr": "istemci adresi başına saniyede POST isteği (ani yük 10x; varsayılan 2)",
        "it": "richieste POST al secondo per indirizzo client (picco 10x; predefinito 2)",
        "pl": "żądania POST na sekundę na adres klienta (seria 10x; domyślnie 2)",
    },
    "clih_serve_ws_per_address": {
        "en": "open WebSocket connections allowed per client address (default 256)",
        "tr": "istemci adresi başına izin verilen açık WebSocket bağlantısı (varsayılan 256)",
        "it": "connessioni WebSocket aperte consentite per indirizzo client (predefinito 256)",
        "pl": "dozwolone otwarte połączenia WebSocket na adres klienta (domyślnie 256)",
    },
    "clih_serve_ws": {
        "en": "WebSocket implementation of uvicorn (default websockets-sansio)",
        "tr": "uvicorn'un WebSocket gerçeklemesi (varsayılan websockets-sansio)",
        "it": "implementazione WebSocket di uvicorn (predefinita websockets-sansio)",
        "pl": "implementacja WebSocket w uvicorn (domyślnie websockets-sansio)",
    },
    "clih_serve_bot_processes": {
        "en": "worker processes for bots and hints (default 1; 0 = threads in the server "
              "process)",
        "tr": "botlar ve ipuçları için işçi süreçleri (varsayılan 1; 0 = sunucu sürecinde "
              "iş parçacıkları)",
        "it": "processi di lavoro per bot e suggerimenti (predefinito 1; 0 = thread nel "
              "processo del server)",
        "pl": "procesy robocze dla botów i podpowiedzi (domyślnie 1; 0 = wątki w procesie "
              "serwera)",
    },
    "clih_serve_sync": {
        "en": "database durability: normal = survives a killed server (default), full = every "
              "move also fsync'ed (survives power loss, slower)",
        "tr": "veritabanı dayanıklılığı: normal = sunucunun öldürülmesine dayanır (varsayılan), "
              "full = her hamle ayrıca fsync edilir (elektrik kesintisine dayanır, daha yavaş)",
        "it": "durabilità del database: normal = resiste all'uccisione del server "
              "(predefinito), full = ogni mossa anche con fsync (resiste a un'interruzione di "
              "corrente, più lento)",
        "pl": "trwałość bazy: normal = przetrwa zabicie serwera (domyślnie), full = każdy ruch "
              "także z fsync (przetrwa utratę zasilania, wolniej)",
    },
    "clih_serve_log_level": {
        "en": "how much the server logs (default warning)",
        "tr": "sunucunun ne kadar günlük yazacağı (varsayılan warning)",
        "it": "quanto registra il server nel log (predefinito warning)",
        "pl": "ile serwer zapisuje w logu (domyślnie warning)",
    },
    "serve_cannot_bind": {
        "en": "cannot listen on {host}:{port}: {why}",
        "tr": "{host}:{port} dinlenemiyor: {why}",
        "it": "impossibile mettersi in ascolto su {host}:{port}: {why}",
        "pl": "nie można nasłuchiwać na {host}:{port}: {why}",
    },
    # -- qwixo tournament -----------------------------------------------------------------------
    "clih_tournament": {
        "en": "bot tournaments with statistics (Qwixx or Quixo)",
        "tr": "istatistikli bot turnuvaları (Qwixx ya da Quixo)",
        "it": "tornei tra bot con statistiche (Qwixx o Quixo)",
        "pl": "turnieje botów ze statystykami (Qwixx lub Quixo)",
    },
    "clih_tournament_game": {
        "en": "the game",
        "tr": "oyun",
        "it": "il gioco",
        "pl": "gra",
    },
    "clih_tournament_bots": {
        "en": "comma-separated bot names, e.g. gap,strong",
        "tr": "virgülle ayrılmış bot adları, ör. gap,strong",
        "it": "nomi dei bot separati da virgole, ad es. gap,strong",
        "pl": "nazwy botów oddzielone przecinkami, np. gap,strong",
    },
    "clih_tournament_games": {
        "en": "number of games (default 100)",
        "tr": "oyun sayısı (varsayılan 100)",
        "it": "numero di partite (predefinito 100)",
        "pl": "liczba partii (domyślnie 100)",
    },
    "clih_tournament_players": {
        "en": "players per game (default 2)",
        "tr": "oyun başına oyuncu (varsayılan 2)",
        "it": "giocatori per partita (predefinito 2)",
        "pl": "graczy na partię (domyślnie 2)",
    },
    "clih_tournament_edition": {
        "en": "Qwixx edition (default classic)",
        "tr": "Qwixx sürümü (varsayılan classic)",
        "it": "edizione di Qwixx (predefinita classic)",
        "pl": "edycja Qwixx (domyślnie classic)",
    },
    "clih_tournament_size": {
        "en": "Quixo board size (default 5)",
        "tr": "Quixo tahta boyutu (varsayılan 5)",
        "it": "dimensione della tavola di Quixo (predefinita 5)",
        "pl": "rozmiar planszy Quixo (domyślnie 5)",
    },
    "clih_tournament_jobs": {
        "en": "parallel processes (default 1)",
        "tr": "paralel süreçler (varsayılan 1)",
        "it": "processi in parallelo (predefinito 1)",
        "pl": "procesy równoległe (domyślnie 1)",
    },
    "clih_tournament_seed": {
        "en": "seed of the whole tournament",
        "tr": "tüm turnuvanın tohumu",
        "it": "seme dell'intero torneo",
        "pl": "ziarno całego turnieju",
    },
    "clih_tournament_seconds": {
        "en": "time per decision per bot",
        "tr": "bot başına karar başına süre",
        "it": "tempo per decisione per bot",
        "pl": "czas na decyzję na bota",
    },
    "clih_tournament_ply_limit": {
        "en": "Quixo: a draw after this many plies (default 300)",
        "tr": "Quixo: bu kadar yarım hamleden sonra berabere (varsayılan 300)",
        "it": "Quixo: patta dopo questo numero di semimosse (predefinito 300)",
        "pl": "Quixo: remis po tylu półruchach (domyślnie 300)",
    },
    "clih_tournament_plot": {
        "en": "write PNG charts there",
        "tr": "PNG grafikleri oraya yaz",
        "it": "scrivi lì i grafici PNG",
        "pl": "zapisz tam wykresy PNG",
    },
    "clih_tournament_json": {
        "en": "print the report as JSON",
        "tr": "raporu JSON olarak yazdır",
        "it": "stampa il resoconto in JSON",
        "pl": "wypisz raport jako JSON",
    },
    # -- options that had no help text -------------------------------------------------------
    "clih_quixo_players": {
        "en": "2 or 4 players (default 2)",
        "tr": "2 ya da 4 oyuncu (varsayılan 2)",
        "it": "2 o 4 giocatori (predefinito 2)",
        "pl": "2 lub 4 graczy (domyślnie 2)",
    },
    "clih_speed_games": {
        "en": "random games per measurement (default 2000)",
        "tr": "ölçüm başına rastgele oyun (varsayılan 2000)",
        "it": "partite casuali per misura (predefinito 2000)",
        "pl": "losowe partie na pomiar (domyślnie 2000)",
    },
    "clih_qbench_seed": {
        "en": "seed of the dice and the random policy (default 1)",
        "tr": "zarların ve rastgele stratejinin tohumu (varsayılan 1)",
        "it": "seme dei dadi e della strategia casuale (predefinito 1)",
        "pl": "ziarno kości i losowej strategii (domyślnie 1)",
    },
    "clih_qxhint_seed": {
        "en": "seed of the playouts (default 0)",
        "tr": "deneme oyunlarının tohumu (varsayılan 0)",
        "it": "seme delle simulazioni (predefinito 0)",
        "pl": "ziarno symulacji (domyślnie 0)",
    },
    # -- qwixo qwixx solve (ready for src/qwixo/qwixx/solver_cli.py) -------------------------
    "clih_qxsolve_edition": {
        "en": "the sheet (default classic)",
        "tr": "oyun kağıdı (varsayılan classic)",
        "it": "il foglio segnapunti (predefinito classic)",
        "pl": "karta wyników (domyślnie classic)",
    },
    "clih_qxsolve_lucky": {
        "en": "Longo: the sheet's two lucky numbers, e.g. 5,8",
        "tr": "Longo: kağıdın iki şanslı sayısı, ör. 5,8",
        "it": "Longo: i due numeri fortunati del foglio, ad es. 5,8",
        "pl": "Longo: dwie szczęśliwe liczby karty, np. 5,8",
    },
    "clih_qxsolve_out": {
        "en": "where to save the policy table (default: the qwixo data directory)",
        "tr": "strateji tablosunun kaydedileceği yer (varsayılan: qwixo veri dizini)",
        "it": "dove salvare la tabella della strategia (predefinito: la cartella dei dati di "
              "qwixo)",
        "pl": "gdzie zapisać tabelę strategii (domyślnie: katalog danych qwixo)",
    },
    "clih_qxsolve_no_save": {
        "en": "do not save the policy table",
        "tr": "strateji tablosunu kaydetme",
        "it": "non salvare la tabella della strategia",
        "pl": "nie zapisuj tabeli strategii",
    },
    "clih_qxsolve_quiet": {
        "en": "no progress bar",
        "tr": "ilerleme çubuğu yok",
        "it": "nessuna barra di avanzamento",
        "pl": "bez paska postępu",
    },
    "clih_qxsolve_no_symmetry": {
        "en": "solve every state, ignoring symmetries (a check; slower)",
        "tr": "simetrileri yok sayarak her durumu çöz (bir denetim; daha yavaş)",
        "it": "risolvi ogni stato ignorando le simmetrie (una verifica; più lento)",
        "pl": "rozwiąż każdy stan, pomijając symetrie (sprawdzenie; wolniej)",
    },
    # -- qwixo tournament: settings and end reasons in the report --------------------------------
    "cli_setting_edition": {"en": "edition", "tr": "sürüm", "it": "edizione", "pl": "edycja"},
    "cli_setting_size": {"en": "size", "tr": "boyut", "it": "dimensione", "pl": "rozmiar"},
    "cli_setting_ply_limit": {
        "en": "ply limit",
        "tr": "yarım hamle sınırı",
        "it": "limite di semimosse",
        "pl": "limit półruchów",
    },
    "cli_setting_repetition": {
        "en": "repetition",
        "tr": "tekrar",
        "it": "ripetizione",
        "pl": "powtórzenie",
    },
    "cli_end_locks": {
        "en": "two rows locked",
        "tr": "iki satır kilitlendi",
        "it": "due righe chiuse",
        "pl": "dwa rzędy zamknięte",
    },
    "cli_end_penalties": {
        "en": "four penalties",
        "tr": "dört ceza",
        "it": "quattro penalità",
        "pl": "cztery kary",
    },
    "cli_end_line": {
        "en": "line",
        "tr": "sıra",
        "it": "linea",
        "pl": "linia",
    },
    "cli_end_opponent_line": {
        "en": "opponent's line",
        "tr": "rakibin sırası",
        "it": "linea dell'avversario",
        "pl": "linia przeciwnika",
    },
    "cli_end_ply_limit": {
        "en": "ply limit",
        "tr": "yarım hamle sınırı",
        "it": "limite di semimosse",
        "pl": "limit półruchów",
    },
    "cli_end_repetition": {
        "en": "repetition",
        "tr": "tekrar",
        "it": "ripetizione",
        "pl": "powtórzenie",
    },
    # -- argparse's error messages (matched on their English form by qwixo.cli) ------------------
    "cli_err_argument": {
        "en": "argument {arg}: {rest}",
        "tr": "argüman {arg}: {rest}",
        "it": "argomento {arg}: {rest}",
        "pl": "argument {arg}: {rest}",
    },
    "cli_err_choice": {
        "en": "invalid choice: {value} (choose from {choices})",
        "tr": "geçersiz seçim: {value} (şunlardan seçin: {choices})",
        "it": "scelta non valida: {value} (scegli tra {choices})",
        "pl": "nieprawidłowy wybór: {value} (wybierz spośród {choices})",
    },
    "cli_err_type": {
        "en": "invalid {type} value: {value}",
        "tr": "geçersiz {type} değeri: {value}",
        "it": "valore {type} non valido: {value}",
        "pl": "nieprawidłowa wartość {type}: {value}",
    },
    "cli_err_one": {
        "en": "expected one argument",
        "tr": "bir argüman bekleniyordu",
        "it": "atteso un argomento",
        "pl": "oczekiwano jednego argumentu",
    },
    "cli_err_at_least_one": {
        "en": "expected at least one argument",
        "tr": "en az bir argüman bekleniyordu",
        "it": "atteso almeno un argomento",
        "pl": "oczekiwano co najmniej jednego argumentu",
    },
    "cli_err_at_most_one": {
        "en": "expected at most one argument",
        "tr": "en fazla bir argüman bekleniyordu",
        "it": "atteso al massimo un argomento",
        "pl": "oczekiwano najwyżej jednego argumentu",
    },
    "cli_err_required": {
        "en": "the following arguments are required: {args}",
        "tr": "şu argümanlar gerekli: {args}",
        "it": "sono richiesti i seguenti argomenti: {args}",
        "pl": "wymagane są następujące argumenty: {args}",
    },
    "cli_err_unrecognized": {
        "en": "unrecognized arguments: {args}",
        "tr": "tanınmayan argümanlar: {args}",
        "it": "argomenti non riconosciuti: {args}",
        "pl": "nierozpoznane argumenty: {args}",
    },
    "cli_err_ambiguous": {
        "en": "ambiguous option: {option} could match {matches}",
        "tr": "belirsiz seçenek: {option} şunlarla eşleşebilir: {matches}",
        "it": "opzione ambigua: {option} potrebbe corrispondere a {matches}",
        "pl": "niejednoznaczna opcja: {option} może oznaczać {matches}",
    },
    "cli_err_not_allowed": {
        "en": "not allowed with argument {arg}",
        "tr": "{arg} argümanıyla birlikte kullanılamaz",
        "it": "non consentito con l'argomento {arg}",
        "pl": "niedozwolone razem z argumentem {arg}",
    },
    "cli_err_one_of": {
        "en": "one of the arguments {args} is required",
        "tr": "{args} argümanlarından biri gerekli",
        "it": "è richiesto uno degli argomenti {args}",
        "pl": "wymagany jest jeden z argumentów {args}",
    },
}
