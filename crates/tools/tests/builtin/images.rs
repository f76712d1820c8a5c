//! Read of images past the API's bounds (xf_read_image_large, xf_image_resize_edges): the
//! image is sent scaled down, its size recorded, and a note tells the model how to map
//! coordinates back.

use crate::common::Ws;
use oxagent_core::content::{ContentBlock, ToolResultContent};
use serde_json::json;

/// A solid blue RGB PNG, as the scenarios' images are.
fn blue_png(w: u32, h: u32) -> Vec<u8> {
    use image::ImageEncoder as _;
    let data: Vec<u8> = (0..w * h).flat_map(|_| [0u8, 0, 255]).collect();
    let mut out = Vec::new();
    image::codecs::png::PngEncoder::new(&mut out)
        .write_image(&data, w, h, image::ExtendedColorType::Rgb8)
        .unwrap();
    out
}

fn sent_size(out: &oxagent_core::tool::ToolOutput) -> (u32, u32) {
    let ToolResultContent::Blocks(blocks) = &out.content else {
        panic!("not an image: {:?}", out.content)
    };
    let ContentBlock::Image { source } = &blocks[0] else {
        panic!("not an image: {blocks:?}")
    };
    use base64::Engine as _;
    let data = source["data"].as_str().unwrap();
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(data)
        .unwrap();
    let size = imagesize::blob_size(&bytes).unwrap();
    (size.width as u32, size.height as u32)
}

#[tokio::test]
async fn large_images_are_sent_scaled_with_a_note() {
    let w = Ws::with(|c| c.model = Some("claude-opus-5-5".into()));
    let original = blue_png(2400, 60);
    w.file("wide.png", &original);
    w.file("big.png", blue_png(3000, 3000));
    w.file("edge.png", blue_png(2000, 10));

    let out = w
        .call("Read", json!({"file_path": w.sub("<WS>/wide.png")}))
        .await;
    assert_eq!(sent_size(&out), (2000, 50));
    let file = &out.structured.as_ref().unwrap()["file"];
    assert_eq!(file["type"], "image/png");
    assert_eq!(file["originalSize"], original.len());
    assert_eq!(
        file["dimensions"],
        json!({"originalWidth": 2400, "originalHeight": 60, "displayWidth": 2000, "displayHeight": 50})
    );
    assert_eq!(
        out.follow_up.as_deref().map(String::as_str),
        Some("[Image: original 2400x60, displayed at 2000x50. Multiply coordinates by 1.20 to map to original image.]")
    );

    // The model's token cap holds too: 3000 x 3000 is sent at 1932 x 1932.
    let out = w
        .call("Read", json!({"file_path": w.sub("<WS>/big.png")}))
        .await;
    assert_eq!(sent_size(&out), (1932, 1932));
    assert_eq!(
        out.follow_up.as_deref().map(String::as_str),
        Some("[Image: original 3000x3000, displayed at 1932x1932. Multiply coordinates by 1.55 to map to original image.]")
    );

    // Within bounds: the file as it is, no note.
    let out = w
        .call("Read", json!({"file_path": w.sub("<WS>/edge.png")}))
        .await;
    assert_eq!(sent_size(&out), (2000, 10));
    assert_eq!(out.follow_up, None);
}

#[tokio::test]
async fn without_a_token_cap_only_the_side_bound_holds() {
    let w = Ws::new();
    w.file("big.png", blue_png(3000, 3000));
    let out = w
        .call("Read", json!({"file_path": w.sub("<WS>/big.png")}))
        .await;
    assert_eq!(sent_size(&out), (2000, 2000));
}
