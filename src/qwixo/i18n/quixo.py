"""Texts of the Quixo rules engine and of Quixo terminal play."""

TEXTS: dict[str, dict[str, str]] = {
    # -- errors of the rules engine and the notation -----------------------------------------
    "quixo_unknown_square": {
        "en": "{square!r} is not a square of the {size}×{size} board.",
        "tr": "{square!r}, {size}×{size} tahtada bir kare değil.",
        "it": "{square!r} non è una casella della scacchiera {size}×{size}.",
        "pl": "{square!r} nie jest polem planszy {size}×{size}.",
    },
    "quixo_not_ascii": {
        "en": "Moves are written in ASCII letters and digits only: {text!r}.",
        "tr": "Hamleler yalnızca ASCII harf ve rakamlarla yazılır: {text!r}.",
        "it": "Le mosse si scrivono solo con lettere e cifre ASCII: {text!r}.",
        "pl": "Ruchy zapisuje się tylko literami i cyframi ASCII: {text!r}.",
    },
    "quixo_bad_move": {
        "en": "Not a Quixo move: {text!r}. Write the square the cube is taken from and the "
              "square where it is pushed back in, e.g. {example}.",
        "tr": "Geçerli bir Quixo hamlesi değil: {text!r}. Küpün alındığı kareyi ve geri itildiği "
              "kareyi yazın, örneğin {example}.",
        "it": "Non è una mossa di Quixo: {text!r}. Scrivi la casella da cui prendi il cubo e "
              "quella in cui lo reinserisci spingendo, per esempio {example}.",
        "pl": "To nie jest ruch w Quixo: {text!r}. Napisz pole, z którego bierzesz kostkę, i pole, "
              "w które ją wsuwasz, na przykład {example}.",
    },
    "quixo_not_border": {
        "en": "{square} is not on the border: only border cubes may be taken.",
        "tr": "{square} kenarda değil: yalnızca kenardaki küpler alınabilir.",
        "it": "{square} non è sul bordo: si possono prendere solo i cubi del bordo.",
        "pl": "{square} nie leży na brzegu: można brać tylko kostki z brzegu planszy.",
    },
    "quixo_same_place": {
        "en": "A cube may never be put back where it was taken from ({square}).",
        "tr": "Bir küp asla alındığı yere ({square}) geri konamaz.",
        "it": "Un cubo non può mai essere rimesso dove è stato preso ({square}).",
        "pl": "Kostki nigdy nie wolno odłożyć tam, skąd została wzięta ({square}).",
    },
    "quixo_not_line_end": {
        "en": "{dst} is not an end of the row or column of {src}: push the cube in at one end "
              "of its row or column.",
        "tr": "{dst}, {src} karesinin satırının veya sütununun bir ucu değil: küpü kendi satırının "
              "veya sütununun bir ucundan itin.",
        "it": "{dst} non è un'estremità della riga o della colonna di {src}: reinserisci il cubo "
              "a un'estremità della sua riga o colonna.",
        "pl": "{dst} nie jest końcem wiersza ani kolumny pola {src}: wsuń kostkę na jednym z "
              "końców jej wiersza lub kolumny.",
    },
    "quixo_opponent_cube": {
        "en": "The cube on {square} shows the opponent's symbol: it cannot be taken.",
        "tr": "{square} karesindeki küpün üstünde rakibin sembolü var: alınamaz.",
        "it": "Il cubo in {square} mostra il simbolo dell'avversario: non si può prendere.",
        "pl": "Kostka na polu {square} ma symbol przeciwnika: nie można jej wziąć.",
    },
    "quixo_dot_not_you": {
        "en": "The dot of the cube on {square} points at your partner ({seat}): only they may "
              "take it.",
        "tr": "{square} karesindeki küpün noktası takım arkadaşınızı ({seat}) gösteriyor: onu "
              "yalnızca o alabilir.",
        "it": "Il punto del cubo in {square} indica il tuo compagno ({seat}): solo lui può "
              "prenderlo.",
        "pl": "Kropka kostki na polu {square} wskazuje twojego partnera ({seat}): tylko on może "
              "ją wziąć.",
    },
    "quixo_dot_other_team": {
        "en": "The dot must point at you or your partner ({seats}), not at {dot}.",
        "tr": "Nokta sizi veya takım arkadaşınızı ({seats}) göstermeli, {dot} oyuncusunu değil.",
        "it": "Il punto deve indicare te o il tuo compagno ({seats}), non {dot}.",
        "pl": "Kropka musi wskazywać ciebie lub twojego partnera ({seats}), a nie {dot}.",
    },
    "quixo_dot_missing": {
        "en": "In the 4-player game a move names the seat its dot points at, e.g. {example}.",
        "tr": "Dört oyunculu oyunda hamle, noktanın gösterdiği oyuncuyu da belirtir, örneğin "
              "{example}.",
        "it": "Nel gioco a 4 la mossa indica anche il posto a cui punta il punto, per esempio "
              "{example}.",
        "pl": "W grze czteroosobowej ruch podaje też miejsce, które wskazuje kropka, na przykład "
              "{example}.",
    },
    "quixo_bad_dot": {
        "en": "{dot!r} is not a seat: a dot points at N, E, S or W.",
        "tr": "{dot!r} bir oyuncu yeri değil: nokta N, E, S veya W yönünü gösterir.",
        "it": "{dot!r} non è un posto: il punto indica N, E, S o W.",
        "pl": "{dot!r} nie jest miejscem: kropka wskazuje N, E, S lub W.",
    },
    "quixo_no_dot": {
        "en": "Only the 4-player game has dots: write {text!r} without ':'.",
        "tr": "Nokta yalnızca dört oyunculu oyunda vardır: {text!r} hamlesini ':' olmadan yazın.",
        "it": "Solo il gioco a 4 ha i punti: scrivi {text!r} senza ':'.",
        "pl": "Kropki są tylko w grze czteroosobowej: zapisz {text!r} bez ':'.",
    },
    "quixo_no_pass_2p": {
        "en": "Passing is not allowed in the 2-player game.",
        "tr": "İki oyunculu oyunda pas geçilemez.",
        "it": "Nel gioco a 2 non si può passare.",
        "pl": "W grze dwuosobowej nie wolno pasować.",
    },
    "quixo_cannot_pass": {
        "en": "You cannot pass: you have a cube to take ({count} moves).",
        "tr": "Pas geçemezsiniz: alabileceğiniz bir küp var ({count} hamle).",
        "it": "Non puoi passare: hai un cubo da prendere ({count} mosse).",
        "pl": "Nie możesz pasować: masz kostkę do wzięcia (ruchów: {count}).",
    },
    "quixo_bad_position": {
        "en": "Not a Quixo position: {text!r}. Write the ranks from the top separated by '/', "
              "a space and the side to move, e.g. '...../...../...../...../..... x'.",
        "tr": "Geçerli bir Quixo konumu değil: {text!r}. Satırları yukarıdan aşağı '/' ile "
              "ayırarak, ardından bir boşluk ve sıradaki tarafı yazın, örneğin "
              "'...../...../...../...../..... x'.",
        "it": "Non è una posizione di Quixo: {text!r}. Scrivi le righe dall'alto separate da '/', "
              "uno spazio e chi muove, per esempio '...../...../...../...../..... x'.",
        "pl": "To nie jest pozycja Quixo: {text!r}. Zapisz rzędy od góry rozdzielone '/', spację "
              "i stronę na ruchu, na przykład '...../...../...../...../..... x'.",
    },
    "quixo_position_size": {
        "en": "A position has {lo} to {hi} ranks, not {count}.",
        "tr": "Bir konumda {lo} ile {hi} arasında satır olur, {count} değil.",
        "it": "Una posizione ha da {lo} a {hi} righe, non {count}.",
        "pl": "Pozycja ma od {lo} do {hi} rzędów, a nie {count}.",
    },
    "quixo_position_side": {
        "en": "{side!r} is not a side to move: x or o (2 players), N, E, S or W (4 players).",
        "tr": "{side!r} geçerli bir sıra değil: x veya o (2 oyuncu), N, E, S veya W (4 oyuncu).",
        "it": "{side!r} non indica chi muove: x o o (2 giocatori), N, E, S o W (4 giocatori).",
        "pl": "{side!r} nie oznacza strony na ruchu: x lub o (2 graczy), N, E, S lub W "
              "(4 graczy).",
    },
    "quixo_position_rank": {
        "en": "The rank {rank!r} must have {count} cells.",
        "tr": "{rank!r} satırında {count} hücre olmalı.",
        "it": "La riga {rank!r} deve avere {count} caselle.",
        "pl": "Rząd {rank!r} musi mieć {count} pól.",
    },
    "quixo_position_cell": {
        "en": "{cell!r} is not a cell here: use one of {allowed}.",
        "tr": "{cell!r} burada geçerli bir hücre değil: şunlardan birini kullanın: {allowed}.",
        "it": "{cell!r} qui non è una casella valida: usa uno tra {allowed}.",
        "pl": "{cell!r} nie jest tu poprawnym polem: użyj jednego z {allowed}.",
    },
    # -- terminal play ------------------------------------------------------------------------
    "quixo_side_name": {
        "en": "{side}",
        "tr": "{side}",
        "it": "{side}",
        "pl": "{side}",
    },
    "quixo_seat_name": {
        "en": "{seat} (team {side})",
        "tr": "{seat} ({side} takımı)",
        "it": "{seat} (squadra {side})",
        "pl": "{seat} (drużyna {side})",
    },
    "quixo_welcome": {
        "en": "Quixo {size}×{size}, {players} players. Make a line of your symbol; a line of the "
              "opponent's symbol made by you loses.",
        "tr": "Quixo {size}×{size}, {players} oyuncu. Kendi sembolünüzle bir sıra oluşturun; "
              "rakibin sembolüyle sıra oluşturursanız kaybedersiniz.",
        "it": "Quixo {size}×{size}, {players} giocatori. Allinea il tuo simbolo; se allinei il "
              "simbolo dell'avversario, perdi.",
        "pl": "Quixo {size}×{size}, graczy: {players}. Ułóż linię swojego symbolu; jeśli ułożysz "
              "linię symbolu przeciwnika, przegrywasz.",
    },
    "quixo_help": {
        "en": "Type a move: the square you take a border cube from, then the end of its row or "
              "column where you push it back in (b1b5; with 4 players add the seat the dot "
              "points at: b1b5:S; pass when you have no cube). Commands: moves, undo, "
              "save FILE, hint, help, quit.",
        "tr": "Bir hamle yazın: kenar küpü aldığınız kare, ardından onu geri ittiğiniz satır veya "
              "sütun ucu (b1b5; 4 oyuncuda noktanın gösterdiği oyuncuyu ekleyin: b1b5:S; "
              "alabileceğiniz küp yoksa pass). Komutlar: moves, undo, save DOSYA, hint, help, "
              "quit.",
        "it": "Scrivi una mossa: la casella da cui prendi un cubo del bordo, poi l'estremità della "
              "sua riga o colonna in cui lo reinserisci (b1b5; in 4 aggiungi il posto indicato "
              "dal punto: b1b5:S; pass se non hai cubi). Comandi: moves, undo, save FILE, hint, "
              "help, quit.",
        "pl": "Wpisz ruch: pole, z którego bierzesz kostkę z brzegu, a potem koniec jej wiersza "
              "lub kolumny, w który ją wsuwasz (b1b5; w 4 osoby dodaj miejsce wskazane kropką: "
              "b1b5:S; pass, gdy nie masz kostki). Polecenia: moves, undo, save PLIK, hint, "
              "help, quit.",
    },
    "quixo_to_move": {
        "en": "{who} to move.",
        "tr": "Sıra {who} oyuncusunda.",
        "it": "Muove {who}.",
        "pl": "Ruch: {who}.",
    },
    "quixo_bot_moved": {
        "en": "{who} plays {move}.",
        "tr": "{who} oynadı: {move}.",
        "it": "{who} gioca {move}.",
        "pl": "{who} gra {move}.",
    },
    "quixo_bot_failed": {
        "en": "The bot playing {who} failed: {why}",
        "tr": "{who} için oynayan bot hata yaptı: {why}",
        "it": "Il bot che gioca {who} ha sbagliato: {why}",
        "pl": "Bot grający {who} zawiódł: {why}",
    },
    "quixo_try_help": {
        "en": "Type 'moves' to list the legal moves or 'help' for help.",
        "tr": "Geçerli hamleleri görmek için 'moves', yardım için 'help' yazın.",
        "it": "Scrivi 'moves' per le mosse legali o 'help' per l'aiuto.",
        "pl": "Wpisz 'moves', aby zobaczyć dozwolone ruchy, lub 'help', aby uzyskać pomoc.",
    },
    "quixo_undone": {
        "en": "Move taken back.",
        "tr": "Hamle geri alındı.",
        "it": "Mossa annullata.",
        "pl": "Ruch cofnięty.",
    },
    "quixo_save_usage": {
        "en": "Usage: save FILE",
        "tr": "Kullanım: save DOSYA",
        "it": "Uso: save FILE",
        "pl": "Użycie: save PLIK",
    },
    "quixo_saved": {
        "en": "Game saved to {path}.",
        "tr": "Oyun {path} dosyasına kaydedildi.",
        "it": "Partita salvata in {path}.",
        "pl": "Gra zapisana w {path}.",
    },
    "quixo_cannot_write": {
        "en": "Cannot write {path}: {why}.",
        "tr": "{path} yazılamıyor: {why}.",
        "it": "Impossibile scrivere {path}: {why}.",
        "pl": "Nie można zapisać {path}: {why}.",
    },
    "quixo_cannot_read": {
        "en": "Cannot read {path}: {why}.",
        "tr": "{path} okunamıyor: {why}.",
        "it": "Impossibile leggere {path}: {why}.",
        "pl": "Nie można odczytać {path}: {why}.",
    },
    "quixo_hint_unavailable": {
        "en": "No hints available (the Quixo bots are not installed).",
        "tr": "İpucu yok (Quixo botları kurulu değil).",
        "it": "Nessun suggerimento disponibile (i bot di Quixo non sono installati).",
        "pl": "Podpowiedzi są niedostępne (boty Quixo nie są zainstalowane).",
    },
    "quixo_won_line": {
        "en": "{side} wins with a line.",
        "tr": "{side} bir sıra oluşturarak kazandı.",
        "it": "Vince {side} con una linea.",
        "pl": "Wygrywa {side}, układając linię.",
    },
    "quixo_won_opponent_line": {
        "en": "{side} wins: the opponent made a line of {side}.",
        "tr": "{side} kazandı: rakip {side} sembolüyle bir sıra oluşturdu.",
        "it": "Vince {side}: l'avversario ha formato una linea di {side}.",
        "pl": "Wygrywa {side}: przeciwnik ułożył linię symbolu {side}.",
    },
    "quixo_draw_ply_limit": {
        "en": "Draw: the ply limit is reached.",
        "tr": "Berabere: hamle sınırına ulaşıldı.",
        "it": "Patta: è stato raggiunto il limite di mosse.",
        "pl": "Remis: osiągnięto limit ruchów.",
    },
    "quixo_draw_repetition": {
        "en": "Draw: the same position occurred again too often.",
        "tr": "Berabere: aynı konum çok kez tekrarlandı.",
        "it": "Patta: la stessa posizione si è ripetuta troppe volte.",
        "pl": "Remis: ta sama pozycja powtórzyła się zbyt wiele razy.",
    },
    "quixo_seat_needs_vs": {
        "en": "--seat only matters against bots (--vs BOT): playing hot-seat.",
        "tr": "--seat yalnızca botlara karşı (--vs BOT) anlamlıdır: aynı ekranda oynanıyor.",
        "it": "--seat conta solo contro i bot (--vs BOT): si gioca a turno sullo stesso schermo.",
        "pl": "--seat ma znaczenie tylko przeciw botom (--vs BOT): gra na jednym ekranie.",
    },
}
