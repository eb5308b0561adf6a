"""Texts of the Qwixx solitaire solver (``qwixo qwixx solve``) and the ``optimal`` bot."""

TEXTS: dict[str, dict[str, str]] = {
    "solver_edition": {
        "en": "The solver handles {choices}; not {name}.",
        "tr": "Çözücü {choices} sürümlerini çözer; {name} sürümünü çözemez.",
        "it": "Il risolutore gestisce {choices}; non {name}.",
        "pl": "Solver obsługuje {choices}; nie {name}.",
    },
    "solver_lucky_needed": {
        "en": "The {name} sheet needs its two lucky numbers (--lucky A,B).",
        "tr": "{name} kağıdı iki şanslı sayısını ister (--lucky A,B).",
        "it": "Il foglio {name} richiede i suoi due numeri fortunati (--lucky A,B).",
        "pl": "Arkusz {name} wymaga dwóch szczęśliwych liczb (--lucky A,B).",
    },
    "solver_bad_lucky": {
        "en": "Lucky numbers must be two different numbers from 2 to {top}, not {lucky}.",
        "tr": "Şanslı sayılar 2 ile {top} arasında iki farklı sayı olmalı, {lucky} değil.",
        "it": "I numeri fortunati devono essere due numeri diversi da 2 a {top}, non {lucky}.",
        "pl": "Szczęśliwe liczby muszą być dwiema różnymi liczbami od 2 do {top}, a nie {lucky}.",
    },
    "solver_no_lucky": {
        "en": "The {name} sheet has no lucky numbers.",
        "tr": "{name} kağıdında şanslı sayı yok.",
        "it": "Il foglio {name} non ha numeri fortunati.",
        "pl": "Arkusz {name} nie ma szczęśliwych liczb.",
    },
    "solver_help": {
        "en": "exact optimal expected score of one-player Qwixx (saves the optimal policy)",
        "tr": "tek oyunculu Qwixx'in kesin en iyi beklenen puanı (en iyi stratejiyi kaydeder)",
        "it": "punteggio atteso ottimale esatto di Qwixx in solitario (salva la strategia ottima)",
        "pl": "dokładny optymalny oczekiwany wynik Qwixx dla jednego gracza "
              "(zapisuje optymalną strategię)",
    },
    "solver_saved": {
        "en": "Policy table saved: {path}",
        "tr": "Strateji tablosu kaydedildi: {path}",
        "it": "Tabella della strategia salvata: {path}",
        "pl": "Tabela strategii zapisana: {path}",
    },
    "solver_result": {
        "en": "Optimal expected score of solitaire {label}: {expected} ({seconds} s)",
        "tr": "Tek oyunculu {label} için en iyi beklenen puan: {expected} ({seconds} sn)",
        "it": "Punteggio atteso ottimale in solitario {label}: {expected} ({seconds} s)",
        "pl": "Optymalny oczekiwany wynik pasjansa {label}: {expected} ({seconds} s)",
    },
    "solver_computing": {
        "en": "No policy table for {label} yet: computing it once (it is saved for next time).",
        "tr": "{label} için henüz strateji tablosu yok: bir kez hesaplanıyor (sonrası için "
              "kaydedilir).",
        "it": "Ancora nessuna tabella della strategia per {label}: la calcolo una volta (verrà "
              "salvata).",
        "pl": "Brak jeszcze tabeli strategii dla {label}: liczę ją raz (zostanie zapisana).",
    },
    "optimal_unsupported": {
        "en": "The optimal bot plays classic, mixx-a, mixx-b and longo, not {name}.",
        "tr": "Optimal bot classic, mixx-a, mixx-b ve longo oynar, {name} oynamaz.",
        "it": "Il bot ottimale gioca classic, mixx-a, mixx-b e longo, non {name}.",
        "pl": "Bot optymalny gra w classic, mixx-a, mixx-b i longo, nie w {name}.",
    },
}
