//! Macs and other unified memory (issue 35, item 4): a Mac is a chip and a memory size,
//! named in any of the four languages; each size is its own configuration with the
//! bandwidth of its bin (M3 Max 36 GB: 300 GB/s, 64 GB: 400 GB/s), the GPU gets the share
//! macOS gives it by default (2/3 up to 32 GB, 3/4 above), and the answer says how to raise
//! it (`sudo sysctl iogpu.wired_limit_mb=N`).

use vramguide::answer::{self, Answer, Assumption};
use vramguide::catalog::Catalog;
use vramguide::estimate::{Note, Precision};
use vramguide::i18n::Lang;
use vramguide::runtime::Runtime;
use vramguide::runtime::choice::RuntimeReason;

fn ask(text: &str) -> Answer {
    answer::for_text(Catalog::get(), text)
        .result
        .unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

fn gpu_id(a: &Answer) -> &str {
    a.gpu.map(|g| g.id.as_str()).unwrap_or("")
}

#[test]
fn a_mac_is_a_chip_and_a_memory_size_in_four_languages() {
    for (q, id, bandwidth, memory) in [
        (
            "can I run qwen3 30b a3b on my m3 max 64gb?",
            "apple-m3-max-64gb",
            400.0,
            64.0,
        ),
        (
            "qwen3 30b a3b on an m3 max 36gb",
            "apple-m3-max-36gb",
            300.0,
            36.0,
        ),
        (
            "qwen2.5 72b on a mac studio m2 ultra 192gb",
            "apple-m2-ultra",
            800.0,
            192.0,
        ),
        (
            "llama 3.1 70b on a macbook pro m4 max 128gb",
            "apple-m4-max",
            546.0,
            128.0,
        ),
        (
            "qwen3 32b on a macbook pro m4 max 36gb",
            "apple-m4-max-36gb",
            410.0,
            36.0,
        ),
        ("qwen3 14b on m4 pro 48gb", "apple-m4-pro-48gb", 273.0, 48.0),
        (
            "gemma 3 12b on a mac mini m4 24gb",
            "apple-m4-24gb",
            120.0,
            24.0,
        ),
        (
            "llama 3.1 8b on M1 Max 32GB",
            "apple-m1-max-32gb",
            400.0,
            32.0,
        ),
        (
            "roda qwen3 30b a3b no meu m3 max de 64gb?",
            "apple-m3-max-64gb",
            400.0,
            64.0,
        ),
        (
            "dá pra rodar qwen3 14b num mac mini m4 pro de 24gb?",
            "apple-m4-pro-24gb",
            273.0,
            24.0,
        ),
        (
            "¿puedo correr qwen3 32b en mi mac m4 max con 36gb?",
            "apple-m4-max-36gb",
            410.0,
            36.0,
        ),
        (
            "¿corre llama 3.1 8b en una macbook air m2 de 16gb?",
            "apple-m2-16gb",
            100.0,
            16.0,
        ),
        (
            "m3 max 64g 能跑 qwen3 30b a3b 吗",
            "apple-m3-max-64gb",
            400.0,
            64.0,
        ),
        (
            "我的 mac studio m2 ultra 192gb 能跑 qwen2.5 72b 吗",
            "apple-m2-ultra",
            800.0,
            192.0,
        ),
    ] {
        let a = ask(q);
        let g = a.gpu.unwrap_or_else(|| panic!("{q}: no card"));
        assert_eq!(g.id, id, "{q}");
        assert_eq!(g.memory_bandwidth_gbs, bandwidth, "{q}");
        assert_eq!(g.memory_gb, memory, "{q}");
        assert!(g.is_unified(), "{q}");
    }
}

#[test]
fn a_chip_named_without_its_memory_is_its_largest_configuration() {
    let a = ask("llama 3.1 8b on an m3 max");
    assert_eq!(gpu_id(&a), "apple-m3-max");
    assert_eq!(a.gpu.unwrap().memory_gb, 128.0);
    // MiniMax M2 is a model, not a chip.
    let a = ask("minimax m2 on 8x h200");
    assert_eq!(gpu_id(&a), "h200-sxm");
}

#[test]
fn every_configuration_is_found_by_its_id_and_keeps_its_chips_facts() {
    let catalog = Catalog::get();
    for chip in catalog.gpus.iter().filter(|g| !g.configs.is_empty()) {
        for config in &chip.configs {
            for &gb in &config.memory_gb {
                let name = format!("{} {gb}gb", chip.aliases[0]);
                let g = catalog.resolve_gpu(&name).expect(&name).gpu;
                assert_eq!(g.memory_gb, f64::from(gb), "{name}");
                assert_eq!(
                    g.memory_bandwidth_gbs, config.memory_bandwidth_gbs,
                    "{name}"
                );
                assert_eq!(catalog.gpu(&g.id).map(|x| &x.id), Some(&g.id), "{name}");
                assert_eq!(g.vendor, chip.vendor, "{name}");
            }
        }
    }
}

#[test]
fn macos_gives_the_gpu_two_thirds_up_to_32_gb_and_three_quarters_above() {
    let catalog = Catalog::get();
    let share = |name: &str| {
        let g = catalog.resolve_gpu(name).expect(name).gpu;
        g.gpu_gib() / g.memory_gb
    };
    assert!((share("m2 pro 32gb") - 2.0 / 3.0).abs() < 1e-9);
    assert!((share("m4 16gb") - 2.0 / 3.0).abs() < 1e-9);
    assert!((share("m1 max 64gb") - 0.75).abs() < 1e-9);
    assert!((share("m3 max 36gb") - 0.75).abs() < 1e-9);
    // Not a Mac: DGX Spark and Strix Halo keep their own shares and no sysctl.
    for name in ["dgx spark", "strix halo"] {
        let g = catalog.resolve_gpu(name).expect(name).gpu;
        assert!(g.gpu_share_of_unified.is_some(), "{name}");
        assert_eq!(g.wired_limit_mb(), None, "{name}");
    }
}

#[test]
fn the_answer_says_how_to_raise_the_wired_limit_in_four_languages() {
    for (q, word) in [
        ("qwen3 14b on m4 pro 48gb", "restart"),
        ("qwen3 14b no m4 pro de 48gb", "reinicialização"),
        ("qwen3 14b en m4 pro con 48gb", "reinicio"),
        ("m4 pro 48gb 跑 qwen3 14b", "重启"),
    ] {
        let a = ask(q);
        let note = a
            .estimate
            .notes
            .iter()
            .find_map(|n| match n {
                Note::MacWiredLimit {
                    wired_limit_mb,
                    gpu_gib,
                    memory_gb,
                } => Some((*wired_limit_mb, *gpu_gib, *memory_gb)),
                _ => None,
            })
            .unwrap_or_else(|| panic!("{q}: no wired-limit note"));
        // 48 GB: 36 GiB by default; the command leaves macOS 6 GB (an eighth).
        assert_eq!(note, (43008, 36.0, 48.0), "{q}");
        let lang = answer::for_text(Catalog::get(), q)
            .parsed
            .language
            .unwrap_or(Lang::En);
        let text = vramguide::render::text::answer(lang, Catalog::get(), &a);
        assert!(
            text.contains("sudo sysctl iogpu.wired_limit_mb=43008") && text.contains(word),
            "{q}: {text}"
        );
    }
}

#[test]
fn a_mac_runs_llama_cpp_on_metal_when_no_runtime_is_named() {
    for q in [
        "can I run qwen3 30b a3b on my m3 max 64gb?",
        "roda qwen3 30b a3b no meu m3 max de 64gb?",
        "¿puedo correr qwen3 30b a3b en mi m3 max con 64gb?",
        "m3 max 64g 能跑 qwen3 30b a3b 吗",
    ] {
        let a = ask(q);
        assert_eq!(a.job.runtime, Runtime::LlamaCpp, "{q}");
        assert!(
            a.assumed.iter().any(|x| matches!(
                x,
                Assumption::Runtime {
                    reason: RuntimeReason::Mac,
                    ..
                }
            )),
            "{q}: {:?}",
            a.assumed
        );
        let lang = answer::for_text(Catalog::get(), q)
            .parsed
            .language
            .unwrap_or(Lang::En);
        let text = vramguide::render::text::answer(lang, Catalog::get(), &a);
        assert!(text.contains("MLX"), "{q}: MLX is the word away\n{text}");
        assert!(
            !matches!(
                a.job.precision,
                vramguide::estimate::Precision::Nf4 | vramguide::estimate::Precision::Int8
            ),
            "{q}: bitsandbytes on a Mac"
        );
    }
}

fn launch(a: &Answer) -> &str {
    a.launch.first().map(|l| l.command.as_str()).unwrap_or("")
}

#[test]
fn mlx_on_a_mac_in_four_languages_loads_an_mlx_community_repo() {
    for q in [
        "qwen3 30b a3b 4bit with mlx on my m3 max 64gb",
        "roda qwen3 30b a3b 4bit com mlx no meu m3 max de 64gb?",
        "¿puedo correr qwen3 30b a3b 4bit con mlx en mi m3 max con 64gb?",
        "用 mlx 在 m3 max 64gb 上跑 qwen3 30b a3b 4bit",
    ] {
        let a = ask(q);
        assert_eq!(a.job.runtime, Runtime::Mlx, "{q}");
        assert_eq!(a.job.precision, Precision::Mlx4, "{q}");
        assert_eq!(gpu_id(&a), "apple-m3-max-64gb", "{q}");
        assert_eq!(
            launch(&a),
            "mlx_lm.server --model mlx-community/Qwen3-30B-A3B-4bit",
            "{q}"
        );
        assert!(a.fit.as_ref().is_some_and(|f| f.fits), "{q}");
    }
}

#[test]
fn mlx_without_a_listed_repo_says_how_to_find_one() {
    // Mistral Small 3.2 has no MLX row (Gemma 3 27B has had one since the checkpoint list grew).
    let a = ask("mistral small 3.2 4bit with mlx on an m4 max 128gb");
    assert_eq!(a.job.precision, Precision::Mlx4);
    assert_eq!(launch(&a), "");
    let text = vramguide::render::text::answer(Lang::En, Catalog::get(), &a);
    assert!(text.contains("mlx-community Mistral-Small-3.2"), "{text}");
}

#[test]
fn mlx_steps_down_to_its_own_8_and_4_bit_formats_when_16_bits_do_not_fit() {
    let a = ask("qwen3 30b a3b with mlx on my m3 max 64gb");
    assert_eq!(a.job.precision, Precision::Mlx8);
    assert_eq!(
        launch(&a),
        "mlx_lm.server --model mlx-community/Qwen3-30B-A3B-8bit"
    );
}

#[test]
fn lm_studio_gets_then_loads_a_gguf_in_four_languages() {
    for q in [
        "llama 3.1 8b q4_k_m with lm studio on a 3060",
        "llama 3.1 8b q4_k_m com lm studio numa 3060",
        "llama 3.1 8b q4_k_m con lm studio en una 3060",
        "用 lm studio 在 3060 上跑 llama 3.1 8b q4_k_m",
    ] {
        let a = ask(q);
        assert_eq!(a.job.runtime, Runtime::LmStudio, "{q}");
        assert_eq!(
            launch(&a),
            "lms get https://huggingface.co/bartowski/Meta-Llama-3.1-8B-Instruct-GGUF@Q4_K_M -y \
             && lms load bartowski/Meta-Llama-3.1-8B-Instruct-GGUF -c 8192 --gpu max -y",
            "{q}"
        );
    }
    // On a Mac it loads MLX repos too.
    let a = ask("llama 3.1 8b mlx-4bit with lm studio on a mac mini m4 24gb");
    assert_eq!(
        launch(&a),
        "lms get https://huggingface.co/mlx-community/Meta-Llama-3.1-8B-Instruct-4bit -y \
         && lms load mlx-community/Meta-Llama-3.1-8B-Instruct-4bit -c 8192 --gpu max -y"
    );
}

/// Decode speed on Apple Silicon against public measurements
/// (tests/calibration/apple-silicon-decode.csv): the unified-memory efficiencies of
/// llama.cpp and MLX were set on the `fit` rows; the `check` rows (other publishers, other
/// models and formats) only check. `--nocapture` prints the table.
#[test]
fn apple_silicon_speeds_hold_on_rows_they_were_not_fitted_on() {
    use vramguide::estimate::{Job, Mode, decode_tokens_per_s};
    let catalog = Catalog::get();
    let csv = include_str!("../calibration/apple-silicon-decode.csv");
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let (mut fit, mut check, mut outliers) = (Vec::new(), Vec::new(), Vec::new());
    for line in lines.filter(|l| !l.trim().is_empty()) {
        let cells: Vec<&str> = line.splitn(header.len(), ',').collect();
        let f = |name: &str| cells[header.iter().position(|h| *h == name).unwrap()];
        let model = catalog.model(f("model")).expect("model in the catalog");
        let gpu = catalog.gpu(f("gpu")).expect("gpu in the catalog");
        let mut job = Job::new(Mode::Inference, f("precision").parse().unwrap());
        job.runtime = match f("engine") {
            "llamacpp" => Runtime::LlamaCpp,
            other => other.parse().unwrap(),
        };
        job.prompt = f("prompt").parse().unwrap();
        job.generate = f("output").parse().unwrap();
        let measured: f64 = f("tokens_per_s").parse().unwrap();
        let ours = decode_tokens_per_s(model, &job, gpu, 1);
        let error = ours / measured - 1.0;
        println!(
            "{:9} {:20} {:24} {:9} {:>7.1} {:>7.1} {:>+5.0}% {}",
            f("engine"),
            f("gpu"),
            f("model"),
            f("precision"),
            measured,
            ours,
            error * 100.0,
            f("role")
        );
        match f("role") {
            "fit" => fit.push(error.abs()),
            "check" => check.push(error.abs()),
            _ => outliers.push(error.abs()),
        }
    }
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let worst = |v: &[f64]| v.iter().copied().fold(0.0, f64::max);
    println!(
        "fit: {} rows, mean error {:.1} %, worst {:.1} %; check: {} rows, mean {:.1} %, worst {:.1} %",
        fit.len(),
        mean(&fit) * 100.0,
        worst(&fit) * 100.0,
        check.len(),
        mean(&check) * 100.0,
        worst(&check) * 100.0
    );
    println!(
        "outliers (an older build; named in the CSV): {} rows, mean {:.1} %",
        outliers.len(),
        mean(&outliers) * 100.0
    );
    assert!(fit.len() >= 6 && check.len() >= 6 && outliers.len() <= 5);
    assert!(mean(&fit) < 0.10, "fit mean {}", mean(&fit));
    assert!(mean(&check) < 0.16, "check mean {}", mean(&check));
    assert!(worst(&check) < 0.55, "check worst {}", worst(&check));
}

#[test]
fn a_named_cuda_only_format_on_a_mac_is_the_gguf_of_its_width() {
    for (q, want) in [
        ("llama 3.1 70b int4 on my m3 max 64gb", Precision::Q4KM),
        (
            "llama 3.1 70b nf4 on a mac studio m2 ultra 192gb",
            Precision::Q4KM,
        ),
        ("llama 3.1 8b int8 on a mac mini m4 24gb", Precision::Q8_0),
        ("llama 3.1 70b awq num m3 max de 64gb", Precision::Q4KM),
    ] {
        let a = ask(q);
        assert_eq!(a.job.runtime, Runtime::LlamaCpp, "{q}");
        assert_eq!(a.job.precision, want, "{q}");
        assert!(!launch(&a).contains("BitsAndBytes"), "{q}: {}", launch(&a));
    }
}

#[test]
fn dgx_spark_and_strix_halo_are_named_by_their_words_in_four_languages() {
    for (q, id) in [
        ("qwen3 32b on a dgx spark", "dgx-spark"),
        ("roda qwen3 32b numa dgx spark?", "dgx-spark"),
        ("qwen3 32b on strix halo 128gb", "ryzen-ai-max-395"),
        (
            "¿corre qwen3 32b en un strix halo de 64gb?",
            "ryzen-ai-max-395-64gb",
        ),
        ("strix halo 64gb 能跑 qwen3 32b 吗", "ryzen-ai-max-395-64gb"),
    ] {
        assert_eq!(gpu_id(&ask(q)), id, "{q}");
    }
}
