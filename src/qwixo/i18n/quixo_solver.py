"""Texts of the Quixo solver (``qwixo quixo solve``) and its databases."""

TEXTS: dict[str, dict[str, str]] = {
    "qsolve_help": {
        "en": "solve Quixo by retrograde analysis and save a perfect-play database",
        "tr": "Quixo'yu geriye doğru analizle çöz ve kusursuz oyun veritabanını kaydet",
        "it": "risolvi Quixo con l'analisi retrograda e salva un database di gioco perfetto",
        "pl": "rozwiąż Quixo analizą wsteczną i zapisz bazę gry doskonałej",
    },
    "qsolve_help_size": {
        "en": "board size N: 3, 4 or 5",
        "tr": "tahta boyutu N: 3, 4 veya 5",
        "it": "dimensione della plancia N: 3, 4 o 5",
        "pl": "rozmiar planszy N: 3, 4 lub 5",
    },
    "qsolve_help_blanks": {
        "en": "only the positions with at most K blank cubes (5×5 needs it: 0 or 1)",
        "tr": "yalnızca en çok K boş küp olan konumlar (5×5 için gerekli: 0 veya 1)",
        "it": "solo le posizioni con al massimo K cubi vuoti (necessario per 5×5: 0 o 1)",
        "pl": "tylko pozycje z co najwyżej K pustymi kostkami (konieczne dla 5×5: 0 lub 1)",
    },
    "qsolve_help_out": {
        "en": "directory of the database file (default: the qwixo data directory)",
        "tr": "veritabanı dosyasının dizini (varsayılan: qwixo veri dizini)",
        "it": "cartella del file del database (predefinita: la cartella dei dati di qwixo)",
        "pl": "katalog pliku bazy (domyślnie: katalog danych qwixo)",
    },
    "qsolve_help_verify": {
        "en": "check every value against the values of its children after solving",
        "tr": "çözdükten sonra her değeri çocuklarının değerleriyle karşılaştır",
        "it": "dopo la soluzione controlla ogni valore con i valori dei suoi figli",
        "pl": "po rozwiązaniu sprawdź każdą wartość z wartościami jej następników",
    },
    "qsolve_help_no_save": {
        "en": "do not write the database file",
        "tr": "veritabanı dosyasını yazma",
        "it": "non scrivere il file del database",
        "pl": "nie zapisuj pliku bazy",
    },
    "qsolve_help_threads": {
        "en": "threads for the first pass over large classes (default: all cores)",
        "tr": "büyük sınıfların ilk taraması için iş parçacığı sayısı (varsayılan: tüm çekirdekler)",
        "it": "thread per la prima passata sulle classi grandi (predefinito: tutti i core)",
        "pl": "liczba wątków pierwszego przejścia dużych klas (domyślnie: wszystkie rdzenie)",
    },
    "qsolve_class": {
        "en": "class {to_move}/{other}: {states} positions, {win} won, {loss} lost, "
              "{draw} drawn ({seconds} s)",
        "tr": "sınıf {to_move}/{other}: {states} konum, {win} kazanılmış, {loss} kaybedilmiş, "
              "{draw} berabere ({seconds} sn)",
        "it": "classe {to_move}/{other}: {states} posizioni, {win} vinte, {loss} perse, "
              "{draw} patte ({seconds} s)",
        "pl": "klasa {to_move}/{other}: {states} pozycji, {win} wygranych, {loss} przegranych, "
              "{draw} remisowych ({seconds} s)",
    },
    "qsolve_start": {
        "en": "solving {size}×{size} ({what}): {states} positions, {classes} classes",
        "tr": "{size}×{size} çözülüyor ({what}): {states} konum, {classes} sınıf",
        "it": "soluzione di {size}×{size} ({what}): {states} posizioni, {classes} classi",
        "pl": "rozwiązywanie {size}×{size} ({what}): {states} pozycji, {classes} klas",
    },
    "qsolve_all_positions": {
        "en": "every position",
        "tr": "tüm konumlar",
        "it": "tutte le posizioni",
        "pl": "wszystkie pozycje",
    },
    "qsolve_at_most_blanks": {
        "en": "at most {blanks} blank cubes",
        "tr": "en çok {blanks} boş küp",
        "it": "al massimo {blanks} cubi vuoti",
        "pl": "co najwyżej {blanks} pustych kostek",
    },
    "qsolve_too_big": {
        "en": "Solving {size}×{size} ({what}) needs about {gb} GB of memory, more than the "
              "{limit} GB allowed. Use --blanks with a smaller number.",
        "tr": "{size}×{size} çözmek ({what}) yaklaşık {gb} GB bellek ister, izin verilen "
              "{limit} GB'tan fazla. --blanks ile daha küçük bir sayı kullanın.",
        "it": "Risolvere {size}×{size} ({what}) richiede circa {gb} GB di memoria, più dei "
              "{limit} GB consentiti. Usa --blanks con un numero più piccolo.",
        "pl": "Rozwiązanie {size}×{size} ({what}) wymaga około {gb} GB pamięci, więcej niż "
              "dozwolone {limit} GB. Użyj --blanks z mniejszą liczbą.",
    },
    "qsolve_bad_size": {
        "en": "The solver handles boards of size 3, 4 and 5, not {size}.",
        "tr": "Çözücü 3, 4 ve 5 boyutlu tahtaları işler, {size} değil.",
        "it": "Il risolutore gestisce plance di dimensione 3, 4 e 5, non {size}.",
        "pl": "Solver obsługuje plansze o rozmiarze 3, 4 i 5, a nie {size}.",
    },
    "qsolve_bad_blanks": {
        "en": "The number of blank cubes must be 0 or more, not {blanks}.",
        "tr": "Boş küp sayısı 0 veya daha fazla olmalı, {blanks} değil.",
        "it": "Il numero di cubi vuoti deve essere 0 o più, non {blanks}.",
        "pl": "Liczba pustych kostek musi wynosić 0 lub więcej, a nie {blanks}.",
    },
    "qsolve_done": {
        "en": "solved {states} positions in {seconds} s: {win} won, {loss} lost, {draw} drawn",
        "tr": "{states} konum {seconds} sn'de çözüldü: {win} kazanılmış, {loss} kaybedilmiş, "
              "{draw} berabere",
        "it": "risolte {states} posizioni in {seconds} s: {win} vinte, {loss} perse, "
              "{draw} patte",
        "pl": "rozwiązano {states} pozycji w {seconds} s: {win} wygranych, {loss} przegranych, "
              "{draw} remisowych",
    },
    "qsolve_start_value": {
        "en": "the empty board: {value} for the first player in {plies} plies",
        "tr": "boş tahta: ilk oyuncu için {plies} hamlede {value}",
        "it": "plancia vuota: {value} per il primo giocatore in {plies} semimosse",
        "pl": "pusta plansza: {value} dla pierwszego gracza w {plies} półruchach",
    },
    "qsolve_start_draw": {
        "en": "the empty board: a draw",
        "tr": "boş tahta: beraberlik",
        "it": "plancia vuota: patta",
        "pl": "pusta plansza: remis",
    },
    "qsolve_saved": {
        "en": "database written: {path} ({mb} MB)",
        "tr": "veritabanı yazıldı: {path} ({mb} MB)",
        "it": "database scritto: {path} ({mb} MB)",
        "pl": "zapisano bazę: {path} ({mb} MB)",
    },
    "qsolve_verified": {
        "en": "check: {bad} positions disagree with their children",
        "tr": "denetim: {bad} konum çocuklarıyla uyuşmuyor",
        "it": "verifica: {bad} posizioni non concordano con i loro figli",
        "pl": "sprawdzenie: {bad} pozycji nie zgadza się z następnikami",
    },
    "qsolve_value_win": {
        "en": "a win", "tr": "kazanç", "it": "una vittoria", "pl": "wygrana",
    },
    "qsolve_value_loss": {
        "en": "a loss", "tr": "kayıp", "it": "una sconfitta", "pl": "przegrana",
    },
    "qsolve_value_draw": {
        "en": "a draw", "tr": "beraberlik", "it": "una patta", "pl": "remis",
    },
}
