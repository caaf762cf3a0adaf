//! `/api/v1/openapi.json` describes what the API really returns: every sample response of
//! every documented path is validated against the schema the document gives for its
//! status, with undocumented fields refused (`additionalProperties: false` added to every
//! object schema here, so a field the code adds without a type fails).

use super::web::{get, get_json, start};
use reqwest::StatusCode;
use serde_json::{Value, json};

/// Refuse properties an object schema does not list, everywhere in the document.
pub(crate) fn closed(schema: &mut Value) {
    match schema {
        Value::Object(map) => {
            if map.contains_key("properties") && !map.contains_key("additionalProperties") {
                map.insert("additionalProperties".into(), Value::Bool(false));
            }
            map.values_mut().for_each(closed);
        }
        Value::Array(items) => items.iter_mut().for_each(closed),
        _ => {}
    }
}

/// The schema `doc` gives for `path`'s GET answering `status`, as a root schema that can
/// resolve the document's `#/components/...` references.
fn response_schema(doc: &Value, path: &str, status: StatusCode) -> Value {
    let schema = &doc["paths"][path]["get"]["responses"][status.as_str()]["content"]["application/json"]
        ["schema"];
    assert!(
        !schema.is_null(),
        "{path} answered {status}, which the document does not describe"
    );
    let mut root = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "components": doc["components"].clone(),
        "allOf": [schema.clone()],
    });
    closed(&mut root);
    root
}

#[tokio::test]
async fn every_documented_response_matches_its_schema() {
    let base = start(0).await;
    let (status, doc) = get_json(&format!("{base}/api/v1/openapi.json")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(doc["openapi"], "3.1.0");
    // (documented path, request) for every path, its errors and every language.
    let cases = [
        ("/api/v1/ask", "/api/v1/ask?q=llama+70b+fp16+on+2x+4090"),
        (
            "/api/v1/ask",
            "/api/v1/ask?q=qlora+llama+8b+on+a+3090&lang=pt",
        ),
        (
            "/api/v1/ask",
            "/api/v1/ask?q=deepseek+r1+on+8x+h100+vllm&lang=zh",
        ),
        (
            "/api/v1/ask",
            "/api/v1/ask?q=mixtral+8x7b+q4_k_m+llama.cpp&lang=es",
        ),
        ("/api/v1/ask", "/api/v1/ask?q="),
        ("/api/v1/ask", "/api/v1/ask?q=hello+there"),
        ("/api/v1/ask", "/api/v1/ask?q=llama+9000b+on+a+toaster"),
        (
            "/api/v1/estimate",
            "/api/v1/estimate?model=llama-3.1-70b&precision=awq-int4&gpu=rtx-4090&gpus=2",
        ),
        (
            "/api/v1/estimate",
            "/api/v1/estimate?model=llama-3.1-8b&mode=full-finetune&gpu=h100-sxm&gpus=4&sharding=zero2",
        ),
        ("/api/v1/estimate", "/api/v1/estimate?params_b=13&mode=lora"),
        (
            "/api/v1/estimate",
            "/api/v1/estimate?model=llama-3.1-8b&context=abc",
        ),
        ("/api/v1/estimate", "/api/v1/estimate?model=nope-9b"),
        (
            "/api/v1/compare",
            "/api/v1/compare?gpus=rtx-4090,h100-sxm,mi300x",
        ),
        ("/api/v1/compare", "/api/v1/compare?gpus=rtx-4090"),
        ("/api/v1/compare", "/api/v1/compare"),
        ("/api/v1/models", "/api/v1/models"),
        ("/api/v1/gpus", "/api/v1/gpus"),
        ("/api/v1/guide", "/api/v1/guide?lang=zh"),
        ("/api/v1/guide/{topic}", "/api/v1/guide/nvlink?lang=pt"),
        ("/api/v1/guide/{topic}", "/api/v1/guide/nope"),
    ];
    let mut statuses = Vec::new();
    for (path, request) in cases {
        let (status, body) = get(&format!("{base}{request}")).await;
        let value: Value =
            serde_json::from_str(&body).unwrap_or_else(|e| panic!("{request}: {e}: {body}"));
        let schema = response_schema(&doc, path, status);
        let validator = jsonschema::draft202012::new(&schema)
            .unwrap_or_else(|e| panic!("{path}: the document's schema is invalid: {e}"));
        let errors: Vec<String> = validator
            .iter_errors(&value)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{request} ({status}): {errors:#?}");
        statuses.push(status);
    }
    // The cases cover answers and errors alike.
    assert!(statuses.contains(&StatusCode::OK) && statuses.contains(&StatusCode::BAD_REQUEST));
    assert!(statuses.contains(&StatusCode::NOT_FOUND));
}

#[tokio::test]
async fn the_document_refuses_what_the_api_would_not_return() {
    // The check itself can fail: an answer with a field the document lacks is refused.
    let base = start(0).await;
    let (_, doc) = get_json(&format!("{base}/api/v1/openapi.json")).await;
    let (_, mut answer) = get_json(&format!("{base}/api/v1/ask?q=llama+8b")).await;
    let schema = response_schema(&doc, "/api/v1/ask", StatusCode::OK);
    let validator = jsonschema::draft202012::new(&schema).unwrap();
    assert!(validator.is_valid(&answer));
    answer["estimate"]["surprise_gib"] = json!(1.0);
    assert!(!validator.is_valid(&answer));
    answer["estimate"]
        .as_object_mut()
        .unwrap()
        .remove("surprise_gib");
    answer["estimate"]["total_gib"] = json!("lots");
    assert!(!validator.is_valid(&answer));
}
